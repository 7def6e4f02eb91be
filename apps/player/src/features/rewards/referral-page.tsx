import type { ReferralTier } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { Copy, Share2 } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectFormat } from '../../lib/currency.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { inviteLink, referralQuery } from './api.ts';

/** Basis points as a percentage in the page's language (0,3 in Indonesian, 0.3 in English). */
const percent = (bp: number | undefined, language: string) =>
  ((bp ?? 0) / 100).toLocaleString(language, { maximumFractionDigits: 2 });

function InviteQr({ link, label }: { link: string; label: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(link, { margin: 1, width: 168, errorCorrectionLevel: 'M' }).then((url) => {
      if (live) setDataUrl(url);
    });
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <div className="flex size-[168px] items-center justify-center rounded-xl bg-white ring-1 ring-slate-200">
      {dataUrl && <img src={dataUrl} alt={label} width={168} height={168} data-testid="invite-qr" />}
    </div>
  );
}

/** The referral dashboard: code, link, QR and share; tier and progress; team per level; rebates. */
export default function ReferralPage() {
  const { t, i18n } = useTranslation();
  const { money } = useProjectFormat();
  const dashboard = useQuery(referralQuery());
  const data = dashboard.data;
  if (!data) return <PageSpinner label={t('playerRewards.referral.title')} />;
  const link = inviteLink(data.inviteCode);
  const tierName = (tier: ReferralTier) => t(`playerRewards.referral.tiers.${tier}`);
  const current = data.tiers.find((tier) => tier.tier === data.tier);
  const totals = data.totals[0];

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      notify.success(t('playerRewards.referral.copied'));
    } catch {
      notify.info(link);
    }
  }
  async function share() {
    const text = t('playerRewards.referral.shareText', { code: data?.inviteCode });
    if (navigator.share) {
      try {
        await navigator.share({ text, url: link });
      } catch {
        // The player closed the share sheet.
      }
    } else await copy();
  }

  return (
    <>
      <PageHeader
        title={t('playerRewards.referral.title')}
        backTo={paths.rewards}
        backLabel={t('player.back')}
      />
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 py-4">
        <section className="flex flex-col items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70">
          <p className="text-[13px] font-medium text-slate-500">{t('playerRewards.referral.yourCode')}</p>
          <p className="text-[26px] font-bold tracking-[0.2em] text-slate-900" data-testid="invite-code">
            {data.inviteCode}
          </p>
          <InviteQr link={link} label={t('playerRewards.referral.qrAlt')} />
          <p className="w-full truncate rounded-lg bg-slate-50 px-3 py-2 text-center text-[12px] text-slate-500">
            {link}
          </p>
          <div className="flex w-full gap-2">
            <Button variant="secondary" block onClick={copy}>
              <Copy className="mr-1.5 size-4" />
              {t('playerRewards.referral.copy')}
            </Button>
            <Button block onClick={share} data-testid="invite-share">
              <Share2 className="mr-1.5 size-4" />
              {t('playerRewards.referral.share')}
            </Button>
          </div>
        </section>

        <section
          className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70"
          data-testid="referral-tier"
        >
          <div className="flex items-center justify-between">
            <span className="text-[13px] font-medium text-slate-500">{t('playerRewards.referral.tier')}</span>
            <span className="rounded-full bg-amber-50 px-3 py-1 text-[13px] font-bold text-amber-700">
              {tierName(data.tier)}
            </span>
          </div>
          {current && (
            <p className="mt-2 text-[13px] text-slate-600">
              {t('playerRewards.referral.rates', {
                l1: percent(current.ratesBp[0], i18n.language),
                l2: percent(current.ratesBp[1], i18n.language),
                l3: percent(current.ratesBp[2], i18n.language),
              })}
            </p>
          )}
          {data.nextTier ? (
            <>
              <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100">
                <div
                  className="h-full rounded-full bg-brand-500"
                  style={{
                    width: `${Math.min(100, (data.directCount / Math.max(1, data.nextTier.minDirect)) * 100)}%`,
                  }}
                />
              </div>
              <p className="mt-1.5 text-[12.5px] text-slate-500">
                {t('playerRewards.referral.progress', {
                  count: data.directCount,
                  target: data.nextTier.minDirect,
                  tier: tierName(data.nextTier.tier),
                })}
              </p>
            </>
          ) : (
            <p className="mt-2 text-[12.5px] text-slate-500">{t('playerRewards.referral.topTier')}</p>
          )}
        </section>

        <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70">
          <h2 className="text-[14px] font-semibold text-slate-700">{t('playerRewards.referral.team')}</h2>
          <ul className="mt-2 grid grid-cols-3 gap-2" data-testid="referral-team">
            {data.team.map((level) => (
              <li key={level.level} className="rounded-xl bg-slate-50 p-3 text-center">
                <p className="text-[12px] text-slate-500">
                  {t('playerRewards.referral.level', { level: level.level })}
                </p>
                <p className="text-[18px] font-bold text-slate-900" data-testid={`team-level-${level.level}`}>
                  {level.count}
                </p>
              </li>
            ))}
          </ul>
        </section>

        <section className="grid grid-cols-2 gap-2">
          <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70">
            <p className="text-[12.5px] text-slate-500">{t('playerRewards.referral.rebatesToday')}</p>
            <p className="mt-1 text-[16px] font-bold text-slate-900">{money(totals?.yesterday ?? '0.00')}</p>
            <p className="mt-1 text-[11px] leading-snug text-slate-500">
              {t('playerRewards.referral.rebatesTodayHint')}
            </p>
          </div>
          <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70">
            <p className="text-[12.5px] text-slate-500">{t('playerRewards.referral.rebatesTotal')}</p>
            <p className="mt-1 text-[16px] font-bold text-slate-900">{money(totals?.total ?? '0.00')}</p>
          </div>
        </section>

        <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70">
          <h2 className="text-[14px] font-semibold text-slate-700">{t('playerRewards.referral.payouts')}</h2>
          {data.rebates.length === 0 ? (
            <p className="mt-2 text-[13px] text-slate-500">{t('playerRewards.referral.noPayouts')}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {data.rebates.map((rebate) => (
                <li
                  key={`${rebate.day}-${rebate.level}-${rebate.asset}`}
                  className="flex items-center justify-between py-2"
                >
                  <span className="text-[12.5px] text-slate-600">
                    {t('playerRewards.referral.payoutLine', {
                      day: rebate.day,
                      level: rebate.level,
                      wager: money(rebate.wager),
                    })}
                  </span>
                  <span className="text-[14px] font-semibold text-emerald-700">+{money(rebate.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </>
  );
}
