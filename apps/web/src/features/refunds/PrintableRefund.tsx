import { PAYMENT_MODE_LABELS, refundLabel } from '@fees/validation';
import { formatDate } from '../../lib/dates';
import { amountInWords, formatRupees } from '../../lib/money';
import type { RefundVoucher } from './types';

/**
 * A refund voucher as printed on the department's letterhead (components/paper.css, and the receipt's totals and
 * words).
 */
export function PrintableRefund({ voucher, logo }: { voucher: RefundVoucher; logo?: string | null }) {
  const contact = [voucher.letterheadAddress, voucher.letterheadPhone && `Phone: ${voucher.letterheadPhone}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <section className="paper-doc rcpt-copy" aria-label="Refund voucher">
      <header className="paper-head rcpt-head" data-logo={logo ? '' : undefined}>
        {logo && <img className="rcpt-logo" src={logo} alt="" />}
        <div className="paper-institution">{voucher.letterheadName}</div>
        {contact && <div>{contact}</div>}
        <div>{voucher.departmentName}</div>
      </header>
      <div className="paper-title">
        <strong>REFUND VOUCHER</strong>
      </div>
      <div className="paper-meta">
        <div>
          Voucher No: <b>{refundLabel(voucher.number)}</b>
        </div>
        <div>
          Date: <b>{formatDate(voucher.date)}</b>
        </div>
        <div>
          Course: <b>{voucher.courseName}</b>
        </div>
        <div>
          Batch: <b>{voucher.batchName}</b>
        </div>
        <div>
          Adm. No: <b>{voucher.admissionNo}</b>
        </div>
        <div>
          Name: <b>{voucher.studentName}</b>
        </div>
        <div className="rcpt-wide">
          Reason: <b>{voucher.reason}</b>
        </div>
      </div>
      <table className="rcpt-totals" style={{ marginTop: '3mm' }}>
        <tbody>
          <tr className="rcpt-net">
            <td>Refunded from the advance</td>
            <td className="paper-amount">₹ {formatRupees(voucher.amountPaise)}</td>
          </tr>
        </tbody>
      </table>
      <div className="rcpt-words">{amountInWords(voucher.amountPaise)}</div>
      <div>
        Paid in <b>{PAYMENT_MODE_LABELS[voucher.paymentMode]}</b>
        {voucher.paymentReference && (
          <>
            {' '}
            · Ref. <b>{voucher.paymentReference}</b>
          </>
        )}
        {(voucher.createdByName || voucher.createdByEmail) && (
          <>
            {' '}
            · Paid out by <b>{voucher.createdByName || voucher.createdByEmail}</b>
          </>
        )}
      </div>
      <div className="rcpt-foot">
        <div className="paper-sign">Received by (student or parent)</div>
        <div className="paper-sign">Authorised signatory</div>
      </div>
      {voucher.status === 'voided' && <div className="rcpt-void">VOIDED</div>}
    </section>
  );
}
