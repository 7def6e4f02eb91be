import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A scannable QR code of a deposit address (drawn locally, nothing leaves the page). */
export function AddressQr({ address, label }: { address: string; label: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(address, { margin: 1, width: 220, errorCorrectionLevel: 'M' }).then((url) => {
      if (live) setDataUrl(url);
    });
    return () => {
      live = false;
    };
  }, [address]);
  return (
    <div className="flex size-[220px] items-center justify-center rounded-xl bg-white ring-1 ring-slate-200">
      {dataUrl && <img src={dataUrl} alt={label} width={220} height={220} data-testid="chain-address-qr" />}
    </div>
  );
}
