import type { IdentityView } from '@payhub/contracts';
import { Camera, CircleCheck, CircleX, Clock3 } from 'lucide-react';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useProjectFormat } from '../../lib/currency.ts';
import { notify } from '../../lib/notify.ts';
import { showSaved } from '../../lib/query-client.ts';
import { checkImageFile, IMAGE_ACCEPT } from '../../shared/image-file.ts';
import { Button } from '../../shared/ui/button.tsx';
import { identityQuery } from './api.ts';

/** The longest side a photo is sent with: enough to read an ID card, small enough for a slow phone link. */
const MAX_SIDE_PX = 1600;
const JPEG_QUALITY = 0.85;

/**
 * Downscales a photo in the browser (a phone camera's 4000 px JPEG becomes ~300 KB) and re-encodes it
 * as JPEG; a file the browser cannot decode is sent as it is (the server reads its type from its bytes).
 */
async function downscale(file: File): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size < 512 * 1024) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

type Slot = 'document' | 'selfie';

function PhotoPicker({
  slot,
  photo,
  onPick,
  error,
}: {
  slot: Slot;
  photo: Blob | null;
  onPick: (slot: Slot, file: File) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  const inputId = `identity-${slot}`;
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-[13.5px] font-medium text-slate-700">{t(`playerSafety.documents.${slot}`)}</span>
      <label
        htmlFor={inputId}
        className="flex min-h-24 cursor-pointer items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-3 focus-within:ring-2 focus-within:ring-emerald-500"
      >
        {preview ? (
          <img
            src={preview}
            alt={t(`playerSafety.documents.${slot}`)}
            className="size-20 rounded-lg object-cover"
          />
        ) : (
          <Camera className="size-8 shrink-0 text-slate-400" />
        )}
        <span className="text-[14px] text-emerald-700">
          {photo ? t('playerSafety.documents.change') : t('playerSafety.documents.choose')}
        </span>
        <input
          id={inputId}
          name={slot}
          data-testid={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          capture={slot === 'selfie' ? 'user' : 'environment'}
          className="sr-only"
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            const file = event.target.files?.[0];
            if (file) onPick(slot, file);
            event.target.value = '';
          }}
        />
      </label>
      {error && (
        <p role="alert" className="text-[13px] text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Tier 2 (issue 14): the review status (pending, approved, rejected with the reason) and, when none
 * is open, the two photos — the ID document and a selfie — taken with the camera or chosen from files.
 */
export function IdentityDocuments({ view }: { view: IdentityView }) {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const [photos, setPhotos] = useState<Record<Slot, Blob | null>>({ document: null, selfie: null });
  const [errors, setErrors] = useState<Partial<Record<Slot, string>>>({});
  const [busy, setBusy] = useState(false);
  const review = view.review;

  async function pick(slot: Slot, file: File) {
    // Decoded and re-encoded first: a photo the browser can read (HEIC on some phones) becomes JPEG.
    const blob = await downscale(file);
    const problem = checkImageFile({ type: blob.type || file.type, size: blob.size });
    if (problem) {
      const message =
        problem === 'tooLarge' ? 'playerSafety.documents.tooLarge' : 'playerSafety.documents.fileRule';
      setErrors((current) => ({ ...current, [slot]: t(message) }));
      return;
    }
    setErrors((current) => ({ ...current, [slot]: undefined }));
    setPhotos((current) => ({ ...current, [slot]: blob }));
  }

  async function submit() {
    const missing = (['document', 'selfie'] as const).filter((slot) => !photos[slot]);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((slot) => [slot, t('playerSafety.documents.missing')])));
      return;
    }
    const body = new FormData();
    body.append('document', photos.document!, 'document.jpg');
    body.append('selfie', photos.selfie!, 'selfie.jpg');
    setBusy(true);
    try {
      const answer = await api.identity.submitDocuments({ body } as Parameters<
        typeof api.identity.submitDocuments
      >[0]);
      await showSaved(identityQuery().queryKey, answer);
      setPhotos({ document: null, selfie: null });
      notify.success(t('playerSafety.documents.sent'));
    } catch {
      // The error dialog has told the player why.
    } finally {
      setBusy(false);
    }
  }

  const open = review === null || review.status === 'rejected';
  return (
    <section className="flex flex-col gap-3 border-t border-slate-100 pt-4" data-testid="identity-documents">
      <h3 className="text-[15px] font-semibold text-slate-900">{t('playerSafety.documents.title')}</h3>
      {review && (
        <div
          data-testid="identity-review"
          data-status={review.status}
          className={`flex gap-2 rounded-xl p-3 text-[13.5px] ${
            review.status === 'approved'
              ? 'bg-emerald-50 text-emerald-800'
              : review.status === 'pending'
                ? 'bg-amber-50 text-amber-900'
                : 'bg-rose-50 text-rose-800'
          }`}
        >
          {review.status === 'approved' ? (
            <CircleCheck className="size-5 shrink-0" />
          ) : review.status === 'pending' ? (
            <Clock3 className="size-5 shrink-0" />
          ) : (
            <CircleX className="size-5 shrink-0" />
          )}
          <div className="flex flex-col gap-0.5">
            <p className="font-semibold">{t(`playerSafety.documents.${review.status}`)}</p>
            <p>{t('playerSafety.documents.submittedAt', { date: format.dateTime(review.submittedAt) })}</p>
            {review.reason && <p>{t('playerSafety.documents.reason', { reason: review.reason })}</p>}
            {review.status === 'rejected' && <p>{t('playerSafety.documents.resubmit')}</p>}
          </div>
        </div>
      )}
      {open &&
        (view.fullName === null ? (
          <p className="text-[13.5px] text-slate-500">{t('playerSafety.documents.needTier1')}</p>
        ) : (
          <>
            <p className="text-[13.5px] text-slate-500">{t('playerSafety.documents.hint')}</p>
            <PhotoPicker slot="document" photo={photos.document} onPick={pick} error={errors.document} />
            <PhotoPicker slot="selfie" photo={photos.selfie} onPick={pick} error={errors.selfie} />
            <Button block busy={busy} onClick={() => void submit()}>
              {t('playerSafety.documents.submit')}
            </Button>
          </>
        ))}
    </section>
  );
}

/** The withdrawal limits of the player's tier, per asset (null: no tier limit; "0": none yet). */
export function TierWithdrawLimits({ view }: { view: IdentityView }) {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const show = (amount: string | null, asset: IdentityView['withdrawLimits'][number]['asset']) =>
    amount === null
      ? t('playerSafety.withdrawLimits.noLimit')
      : /^0(\.0+)?$/.test(amount)
        ? t('playerSafety.withdrawLimits.none')
        : format.asset(amount, asset);
  return (
    <section className="flex flex-col gap-2 border-t border-slate-100 pt-4" data-testid="tier-limits">
      <h3 className="text-[15px] font-semibold text-slate-900">
        {t('playerSafety.withdrawLimits.title', { tier: view.tier })}
      </h3>
      <table className="w-full text-left text-[13.5px]">
        <thead>
          <tr className="text-slate-500">
            <th className="py-1 font-normal" />
            <th className="py-1 font-normal">{t('playerSafety.withdrawLimits.perWithdrawal')}</th>
            <th className="py-1 font-normal">{t('playerSafety.withdrawLimits.daily')}</th>
          </tr>
        </thead>
        <tbody>
          {view.withdrawLimits.map((limit) => (
            <tr key={limit.asset} data-testid={`tier-limit-${limit.asset}`}>
              <th className="py-1 pr-2 font-medium text-slate-700">{limit.asset}</th>
              <td className="py-1 pr-2 text-slate-900">{show(limit.perWithdrawal, limit.asset)}</td>
              <td className="py-1 text-slate-900">{show(limit.daily, limit.asset)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
