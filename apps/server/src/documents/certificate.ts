import { type Database, findCertificate, getLetterheadLogo } from '@fees/db';
import { AppError, LEAVING_MSG } from '@fees/validation';
import { assertDepartmentAccess } from '../department-access';
import { certificateView } from '../domain/leaving/service';
import type { CertificateDrawing } from './certificate-drawing';
import type { DocumentOptions } from './paper';

/**
 * What an issued no-dues certificate shows, as its page reads it (certificateView), ready to draw (drawCertificate).
 * NOT_FOUND for a number the department has not issued, FORBIDDEN for another department's.
 */
export async function certificateDrawing(
  db: Database,
  certificate: { departmentId: number; number: number },
  options: DocumentOptions,
): Promise<CertificateDrawing> {
  assertDepartmentAccess(options.access, certificate.departmentId);
  const found = await findCertificate(db, certificate);
  if (!found) throw new AppError('NOT_FOUND', LEAVING_MSG.noCertificate);
  const view = await certificateView(db, found);
  return {
    view,
    logo: await getLetterheadLogo(db, view.departmentId),
    verifyUrl: `${options.origin}${view.verifyPath}`,
  };
}
