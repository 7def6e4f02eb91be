import { useEffect, useState } from 'react';

/** A QR code of `text`, rendered in the browser by the qrcode library (loaded with this page). */
export function QrImage({ text, label }: { text: string; label: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then(async (qrcode) => {
      const url = await qrcode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      if (current) setSource(url);
    });
    return () => {
      current = false;
    };
  }, [text]);
  return source ? (
    <img
      src={source}
      alt={label}
      width={240}
      height={240}
      className="rounded-lg ring-1 ring-slate-200"
      data-testid="qr-image"
    />
  ) : (
    <div className="size-60 animate-pulse rounded-lg bg-slate-100" aria-hidden />
  );
}
