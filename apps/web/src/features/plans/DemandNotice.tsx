import { UpiQr } from '../../components/UpiQr';
import { VerifyQr } from '../../components/VerifyQr';
import { formatDate } from '../../lib/dates';
import { amountInWords, formatRupees } from '../../lib/money';
import type { DemandNotices } from './types';

type Notice = DemandNotices['notices'][number];

/**
 * One student's demand notice as printed: letterhead, student, the instalments due with fines, the total, pay-by, a UPI
 * QR and the verification QR.
 */
export function DemandNotice({
  data,
  notice,
  asOf,
  payBy,
  departmentName,
  logo,
}: {
  data: DemandNotices;
  notice: Notice;
  asOf: string;
  payBy: string;
  departmentName: string;
  logo: string | null;
}) {
  const { letterhead, upi } = data;
  const contact = [letterhead.address, letterhead.phone && `Phone: ${letterhead.phone}`].filter(Boolean).join(' · ');
  const lines = notice.instalments.filter((i) => i.outstanding !== 0 || i.fine !== 0);
  const finePaidOrWaived = notice.fine.paid + notice.fine.waived;
  return (
    <section className="paper-doc notice" aria-label={`Demand notice of ${notice.name}`} data-testid="demand-notice">
      <header className="paper-head">
        {logo && <img className="notice-logo" src={logo} alt="" />}
        <div className="paper-institution">{letterhead.institutionName}</div>
        {contact && <div>{contact}</div>}
        <div>{departmentName}</div>
      </header>
      <div className="paper-title">
        <strong>DEMAND NOTICE</strong>
        <span>Date: {formatDate(asOf)}</span>
      </div>
      <div className="paper-meta">
        <div>
          Name: <b>{notice.name}</b>
        </div>
        <div>
          Adm. No: <b>{notice.admissionNo}</b>
        </div>
        <div>
          Course: <b>{notice.courseName}</b>
        </div>
        <div>
          Batch: <b>{notice.batchName}</b>
        </div>
      </div>
      <p style={{ margin: '2mm 0 0' }}>The following fees are due as of {formatDate(asOf)}:</p>
      <table className="paper-lines notice-lines">
        <thead>
          <tr>
            <th>Instalment</th>
            <th>Due date</th>
            <th className="paper-amount">Outstanding (₹)</th>
            <th className="paper-amount">Days late</th>
            <th className="paper-amount">Fine (₹)</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((i) => (
            <tr key={i.id}>
              <td>{i.name}</td>
              <td>{formatDate(i.dueDate)}</td>
              <td className="paper-amount">{formatRupees(i.outstanding)}</td>
              <td className="paper-amount">{i.daysLate > 0 ? i.daysLate : ''}</td>
              <td className="paper-amount">{i.fine > 0 ? formatRupees(i.fine) : ''}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2}>Fees outstanding</td>
            <td className="paper-amount">{formatRupees(notice.outstanding)}</td>
            <td />
            <td className="paper-amount">{formatRupees(notice.fine.accrued)}</td>
          </tr>
          {finePaidOrWaived > 0 && (
            <tr>
              <td colSpan={4}>Fine paid or waived</td>
              <td className="paper-amount">-{formatRupees(finePaidOrWaived)}</td>
            </tr>
          )}
          <tr className="notice-total">
            <td colSpan={4}>
              Total to pay (fees {formatRupees(notice.outstanding)} + fine {formatRupees(notice.fine.outstanding)})
            </td>
            <td className="paper-amount" data-testid="notice-total">
              {formatRupees(notice.total)}
            </td>
          </tr>
        </tfoot>
      </table>
      <div className="notice-pay">
        <div className="notice-pay-text">
          <div>{amountInWords(notice.total)}</div>
          <p>
            Please pay by <b>{formatDate(payBy)}</b> at the office{upi ? ' or by UPI' : ''}. A late fine keeps growing
            after the due dates as the fee rules say.
          </p>
          <div className="paper-sign notice-sign">Accounts office</div>
        </div>
        {upi && notice.upiLink && (
          <div className="notice-qr">
            <UpiQr
              link={notice.upiLink}
              label={`UPI QR to pay ${formatRupees(notice.total)} to ${upi.payeeName}`}
              size={100}
            />
            <div>UPI: {upi.upiId}</div>
          </div>
        )}
        <VerifyQr path={notice.verifyPath} />
      </div>
    </section>
  );
}
