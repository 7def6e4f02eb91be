import { randomBytes } from 'node:crypto';
import { formatMoney } from '@payhub/contracts';
import { withLedgerRefusals } from '../../money/ledger-refusal.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import { notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { runIdempotent } from '../../platform/idempotency/idempotency.ts';
import { type PayhubToolsDeps, type ToolsContext, toVoucherWire } from './payhub-tools.context.ts';
import { productsOf } from './shop-products.ts';

/** The operator shop: buying vouchers with commission, listing and claiming them. */
export function createToolsShop(deps: PayhubToolsDeps, context: ToolsContext) {
  const { repo, ledger, clock } = deps;
  const { project, requireOperator } = context;

  return {
    async shopProducts(session: Session) {
      await requireOperator(session);
      return {
        items: productsOf(project(session.projectId).currency).map((product) => ({
          id: product.id,
          faceValue: formatMoney(product.faceValue),
          price: formatMoney(product.price),
        })),
      };
    },

    async shopBuy(
      session: Session,
      productId: string,
      idempotencyKey: string | undefined,
      ip: string | null,
    ) {
      const currency = project(session.projectId).currency;
      const product = productsOf(currency).find((candidate) => candidate.id === productId);
      if (!product) throw notFound('product');
      return repo.transaction(async (tx) =>
        runIdempotent(
          tx,
          {
            userId: session.userId,
            key: idempotencyKey,
            operation: 'shop.buy',
            input: { productId },
            at: clock.now(),
          },
          async () => {
            const operator = await requireOperator(session, tx);
            const at = clock.now();
            const key = { projectId: operator.projectId, currency };
            const commission = await ledger.userAccount(tx, {
              ...key,
              kind: 'operator_commission',
              ownerId: operator.userId,
            });
            const house = await ledger.systemAccount(tx, { ...key, kind: 'house' });
            const id = await repo.insertVoucher(tx, {
              code: `V${randomBytes(6).toString('hex').toUpperCase()}`,
              operatorId: operator.userId,
              projectId: operator.projectId,
              currency,
              productId: product.id,
              price: product.price,
              faceValue: product.faceValue,
              at,
            });
            await withLedgerRefusals(() =>
              ledger.transfer(tx, {
                id: `voucher:${id}:purchase`,
                debitAccountId: commission.id,
                creditAccountId: house.id,
                amount: product.price,
                code: 'shop_purchase',
                reference: { type: 'shop_voucher', id: String(id) },
              }),
            );
            await writeAudit(tx, {
              projectId: session.projectId,
              actorId: session.userId,
              action: 'shop.buy',
              objectType: 'shop_voucher',
              objectId: String(id),
              after: { productId: product.id, price: formatMoney(product.price) },
              ip,
            });
            return toVoucherWire((await repo.voucher(tx, id))!);
          },
        ),
      );
    },

    async voucherQuery(session: Session, query: { page: number; count: number; state?: string | undefined }) {
      const operator = await requireOperator(session);
      const result = await repo.vouchers(
        repo.db,
        operator.userId,
        query.state ?? null,
        query.count,
        (query.page - 1) * query.count,
      );
      return { items: result.items.map(toVoucherWire), total: result.total };
    },

    async voucherClaim(session: Session, id: number, ip: string | null) {
      return repo.transaction(async (tx) => {
        const operator = await requireOperator(session, tx);
        const voucher = await repo.voucher(tx, id, true);
        if (!voucher || voucher.operatorId !== operator.userId) throw notFound('voucher');
        if (voucher.state === 'claimed') return toVoucherWire(voucher);
        const key = { projectId: voucher.projectId, currency: voucher.currency };
        const house = await ledger.systemAccount(tx, { ...key, kind: 'house' });
        const quota = await ledger.userAccount(tx, {
          ...key,
          kind: 'operator_quota',
          ownerId: operator.userId,
        });
        const at = clock.now();
        await repo.claimVoucher(tx, id, at);
        await ledger.transfer(tx, {
          id: `voucher:${id}:claim`,
          debitAccountId: house.id,
          creditAccountId: quota.id,
          amount: voucher.faceValue,
          code: 'voucher_claim',
          reference: { type: 'shop_voucher', id: String(id) },
        });
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'shop.voucher_claim',
          objectType: 'shop_voucher',
          objectId: String(id),
          before: { state: 'unclaimed' },
          after: { state: 'claimed', faceValue: formatMoney(voucher.faceValue) },
          ip,
        });
        return toVoucherWire((await repo.voucher(tx, id))!);
      });
    },
  };
}
