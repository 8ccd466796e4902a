import QRCode from 'qrcode';
import './verify-qr.css';

/** The dark modules of a QR code as one SVG path (crisp at any print resolution). */
function modulesPath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`;
  }
  return { size: modules.size, path };
}

/**
 * A printed document's verification: a small QR code opening the public page at path on this
 * server, and beside it the same link in small print for those without a camera.
 */
export function VerifyQr({ path }: { path: string }) {
  const url = `${window.location.origin}${path}`;
  const { size, path: d } = modulesPath(url);
  return (
    <div className="verify">
      <div className="verify-link">Verify: {url}</div>
      {/* A quiet zone of 4 modules, as the QR standard asks, so phones find the code on a busy page. */}
      <svg className="verify-qr" viewBox={`-4 -4 ${size + 8} ${size + 8}`} role="img" aria-label="Verification QR code">
        <rect x={-4} y={-4} width={size + 8} height={size + 8} fill="#fff" />
        <path d={d} fill="#000" shapeRendering="crispEdges" />
      </svg>
    </div>
  );
}
