import { gstLineText, gstRateText, PAYMENT_MODE_LABELS, paymentPartTexts, receiptLabel } from '@fees/validation';
import { VerifyQr } from '../../components/VerifyQr';
import { formatDate } from '../../lib/dates';
import { amountInWords, formatRupees } from '../../lib/money';
import type { ReceiptView } from './types';

/**
 * One copy of a receipt as printed on the department's letterhead (with its logo when it has one); a
 * duplicate says so, with the day it was reprinted (`duplicateOn`, yyyy-MM-dd).
 */
export function PrintableReceipt({
  data,
  copyLabel,
  logo,
  duplicateOn,
}: {
  data: ReceiptView;
  copyLabel?: string;
  logo?: string | null;
  duplicateOn?: string;
}) {
  const { receipt, lines, taxByRate, payments, letterhead } = data;
  const contact = [letterhead.address, letterhead.phone && `Phone: ${letterhead.phone}`].filter(Boolean).join(' · ');
  return (
    <section className="paper-doc rcpt-copy" aria-label={copyLabel ?? 'Receipt'}>
      <header className="paper-head rcpt-head" data-logo={logo ? '' : undefined}>
        {logo && <img className="rcpt-logo" src={logo} alt="" />}
        <div className="paper-institution">{letterhead.institutionName}</div>
        {contact && <div>{contact}</div>}
        <div>{receipt.departmentName}</div>
        {receipt.gstin && (
          <div data-testid="receipt-gstin">
            GSTIN: <b>{receipt.gstin}</b>
          </div>
        )}
      </header>
      <div className="paper-title">
        <strong>FEE RECEIPT</strong>
        {duplicateOn && (
          <span className="rcpt-duplicate" data-testid="duplicate-mark">
            DUPLICATE · reprinted {formatDate(duplicateOn)}
          </span>
        )}
        {copyLabel && <span className="rcpt-copy-label">{copyLabel}</span>}
      </div>
      <div className="paper-meta">
        <div>
          Receipt No: <b>{receiptLabel(receipt.number)}</b>
        </div>
        <div>
          Date: <b>{formatDate(receipt.date)}</b>
        </div>
        <div>
          Course: <b>{receipt.courseName}</b>
        </div>
        <div>
          Batch: <b>{receipt.batchName}</b>
        </div>
        <div>
          Adm. No: <b>{receipt.admissionNo}</b>
        </div>
        <div>
          Name: <b>{receipt.studentName}</b>
        </div>
        <div className="rcpt-wide">
          Address: <b>{receipt.address}</b>
        </div>
      </div>
      <table className="paper-lines">
        <thead>
          <tr>
            <th style={{ width: '8%' }}>#</th>
            <th>Fee type</th>
            <th>Particulars</th>
            <th className="paper-amount" style={{ width: '24%' }}>
              Amount (₹)
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.lineNo}>
              <td>{line.lineNo}</td>
              <td>{gstLineText(line)}</td>
              <td>{line.particulars}</td>
              <td className="paper-amount">{formatRupees(line.amountPaise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="rcpt-totals">
        <tbody>
          <tr>
            <td>Total</td>
            <td className="paper-amount">{formatRupees(receipt.totalPaise)}</td>
          </tr>
          {taxByRate.map((rate) => (
            <tr key={rate.rateBasisPoints}>
              <td>{gstRateText(rate)}</td>
              <td className="paper-amount">{formatRupees(rate.taxPaise)}</td>
            </tr>
          ))}
          <tr className="rcpt-net">
            <td>Net amount</td>
            <td className="paper-amount">₹ {formatRupees(receipt.netPaise)}</td>
          </tr>
        </tbody>
      </table>
      <div className="rcpt-words">{amountInWords(receipt.netPaise)}</div>
      <div className="rcpt-foot">
        <div>
          {payments.length > 1 ? (
            <>
              Paid by:
              <ul className="rcpt-payments" data-testid="receipt-payments">
                {paymentPartTexts(payments, receipt).map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </>
          ) : (
            <>
              Paid by <b>{PAYMENT_MODE_LABELS[receipt.paymentMode]}</b>
              {receipt.paymentReference && (
                <>
                  {' '}
                  · Ref. <b>{receipt.paymentReference}</b>
                </>
              )}
              {receipt.bank && (
                <>
                  {' '}
                  · <b>{receipt.bank}</b>, dated {formatDate(receipt.instrumentDate)} (subject to realisation)
                </>
              )}
            </>
          )}
          {(receipt.createdByName || receipt.createdByEmail) && (
            <>
              {/* Under the list of modes, a line of its own; after one mode, the same line. */}
              {payments.length > 1 ? '' : ' · '}Received by <b>{receipt.createdByName || receipt.createdByEmail}</b>
            </>
          )}
        </div>
        <div className="paper-sign">Authorised signatory</div>
      </div>
      <VerifyQr path={data.verifyPath} />
      {receipt.status === 'voided' && <div className="rcpt-void">VOIDED</div>}
    </section>
  );
}
