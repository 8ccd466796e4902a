import '../../components/paper.css';
import './certificate.css';
import { Button, Group, Paper } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { VerifyQr } from '../../components/VerifyQr';
import { formatDate } from '../../lib/dates';
import { useDepartment } from '../../lib/department-context';
import { idOf } from '../../lib/ids';
import { amountInWords, formatRupees } from '../../lib/money';
import { printSoon } from '../../lib/print';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';

type Certificate = RouterOutputs['leaving']['certificateByNumber'];

/** /{prefix}/no-dues/{number}: an issued no-dues certificate, printable on the letterhead (A4), and its PDF. */
export default function NoDuesCertificatePage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const number = idOf(useParams().number) ?? 0;
  const certificate = useQuery(
    trpc.leaving.certificateByNumber.queryOptions({ depId: department.id, number }, { enabled: number > 0 }),
  );
  const logo = useQuery(trpc.letterheads.logo.queryOptions({ depId: department.id }, { staleTime: 5 * 60_000 }));
  const back = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(-1)}>
      Back
    </Button>
  );
  if (certificate.isError) {
    return (
      <>
        <FailureAlert error={certificate.error} title="No-dues certificate" />
        <Group mt="md">{back}</Group>
      </>
    );
  }
  if (!certificate.data) return <PageLoader />;
  const c = certificate.data;
  return (
    <>
      <style>{'@page { size: A4 portrait; margin: 8mm; }'}</style>
      <div className="no-print">
        <PageHeader
          title={`No-dues certificate ${c.label}`}
          subtitle={`${c.student.name} · ${c.student.admissionNo} · issued ${formatDate(c.issuedOn)}`}
        />
        <Paper withBorder radius="md" p="sm" mb="lg">
          <Group gap="sm">
            <Button leftSection={<IconPrinter size={16} />} onClick={printSoon} autoFocus>
              Print certificate
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              component="a"
              href={`/api/no-dues/${c.departmentId}/${c.number}.pdf`}
            >
              PDF
            </Button>
            {back}
          </Group>
        </Paper>
      </div>
      <div className="paper-sheet" data-paper="a4" data-testid="no-dues-certificate">
        <PrintableCertificate certificate={c} logo={logo.data?.logo} />
      </div>
    </>
  );
}

function PrintableCertificate({ certificate: c, logo }: { certificate: Certificate; logo?: string | null }) {
  const contact = [c.letterhead.address, c.letterhead.phone && `Phone: ${c.letterhead.phone}`]
    .filter(Boolean)
    .join(' · ');
  const institution = c.letterhead.institutionName || 'the institution';
  return (
    <section className="paper-doc nodues" aria-label="No-dues certificate">
      <header className="paper-head">
        {logo && <img className="nodues-logo" src={logo} alt="" />}
        <div className="paper-institution">{c.letterhead.institutionName}</div>
        {contact && <div>{contact}</div>}
        <div>{c.letterhead.departmentName}</div>
      </header>
      <div className="paper-title">
        <strong>NO-DUES CERTIFICATE</strong>
        <span>
          No {c.label} · {formatDate(c.issuedOn)}
        </span>
      </div>
      <div className="paper-meta">
        <div>
          Name: <b>{c.student.name}</b>
        </div>
        <div>
          Adm. No: <b>{c.student.admissionNo}</b>
        </div>
        <div>
          Parent: <b>{c.student.parentName ?? '-'}</b>
        </div>
        <div>
          Left on: <b>{formatDate(c.leftOn)}</b>
        </div>
      </div>
      <table className="paper-lines">
        <thead>
          <tr>
            <th>Batch</th>
            <th>Course</th>
            <th>From</th>
            <th>To</th>
          </tr>
        </thead>
        <tbody>
          {c.batches.map((b) => (
            <tr key={`${b.batchName}-${b.fromDate}`}>
              <td>{b.batchName}</td>
              <td>{b.courseName}</td>
              <td>{formatDate(b.fromDate)}</td>
              <td>{formatDate(b.toDate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="paper-lines">
        <thead>
          <tr>
            <th>Fee head</th>
            <th className="paper-amount">Fee (₹)</th>
            <th className="paper-amount">Concession (₹)</th>
            <th className="paper-amount">Paid (₹)</th>
          </tr>
        </thead>
        <tbody>
          {c.heads.map((h) => (
            <tr key={h.feeHead}>
              <td>{h.feeHead}</td>
              <td className="paper-amount">{formatRupees(h.feePaise)}</td>
              <td className="paper-amount">{formatRupees(h.discountPaise)}</td>
              <td className="paper-amount">{formatRupees(h.paidPaise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={3}>Paid in all</th>
            <th className="paper-amount" data-testid="nodues-paid">
              {formatRupees(c.paidPaise)}
            </th>
          </tr>
        </tfoot>
      </table>
      <div>{amountInWords(c.paidPaise)}</div>
      <p className="nodues-statement">
        This is to certify that nothing is outstanding from <b>{c.student.name}</b> (admission number{' '}
        {c.student.admissionNo}) to {institution} on any fee, fine or charge as on {formatDate(c.issuedOn)}.
      </p>
      <div className="nodues-foot">
        <VerifyQr path={c.verifyPath} />
        <div className="paper-sign">Authorised signatory</div>
      </div>
    </section>
  );
}
