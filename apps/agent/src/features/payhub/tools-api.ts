import type { OperatorCard } from '@payhub/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api.ts';
import { usePaymentStore } from '../../lib/stores/payment.store.ts';
import { LIST_PAGE, payhubKeys } from './api.ts';

/** Queries of the operator tools (cards, links, work hours, agreements, shop); under payhubKeys.all. */
export const toolsKeys = {
  cards: [...payhubKeys.all, 'cards'] as const,
  banks: [...payhubKeys.all, 'banks'] as const,
  linkAmount: [...payhubKeys.all, 'link-amount'] as const,
  links: [...payhubKeys.all, 'links'] as const,
  workTime: [...payhubKeys.all, 'work-time'] as const,
  group: [...payhubKeys.all, 'group'] as const,
  groupWork: [...payhubKeys.all, 'group-work'] as const,
  members: [...payhubKeys.all, 'members'] as const,
  agreement: [...payhubKeys.all, 'agreement'] as const,
  agreementHistory: [...payhubKeys.all, 'agreement-history'] as const,
  contacts: [...payhubKeys.all, 'contacts'] as const,
  commission: [...payhubKeys.all, 'commission'] as const,
  products: [...payhubKeys.all, 'products'] as const,
  vouchers: [...payhubKeys.all, 'vouchers'] as const,
};

/** The operator's cards; kept in the payment store as myBankCards (spec §3). */
export function useCards() {
  const query = useQuery({
    queryKey: toolsKeys.cards,
    queryFn: () => api.payhubTools.bankQuery({ query: LIST_PAGE }),
  });
  useEffect(() => {
    if (query.data) usePaymentStore.setState({ myBankCards: query.data.items.map(storeCard) });
  }, [query.data]);
  return query;
}
function storeCard(card: OperatorCard) {
  return {
    accountNo: card.accountNo,
    bankCardHolder: card.bankCardHolder,
    cardUrl: card.cardUrl,
    state: card.state,
    ...(card.oldAccountNo ? { oldAccountNo: card.oldAccountNo } : {}),
    ...(card.newAccountNo ? { newAccountNo: card.newAccountNo } : {}),
  };
}

export function useSupportedBanks() {
  return useQuery({
    queryKey: toolsKeys.banks,
    queryFn: () => api.payhubTools.bankSupport(),
    staleTime: 3_600_000,
  });
}

/** Live links' amounts and the reminder time; kept as cardUrlAmount and taskFlag (spec §3). */
export function useLinkAmount() {
  const query = useQuery({ queryKey: toolsKeys.linkAmount, queryFn: () => api.payhubTools.cardUrlAmount() });
  useEffect(() => {
    if (query.data)
      usePaymentStore.setState({
        cardUrlAmount: query.data.items.filter((link) => link.state === 'active').length,
        taskFlag: { linkExpirationReminder: query.data.linkExpirationReminder },
      });
  }, [query.data]);
  return query;
}

export function useLinks() {
  return useQuery({
    queryKey: toolsKeys.links,
    queryFn: () => api.payhubTools.cardUrlList({ query: LIST_PAGE }),
  });
}

export const agreementQuery = () =>
  queryOptions({ queryKey: toolsKeys.agreement, queryFn: () => api.payhubTools.state() });
export const agreementHistoryQuery = () =>
  queryOptions({ queryKey: toolsKeys.agreementHistory, queryFn: () => api.payhubTools.history() });
export const commissionQuery = () =>
  queryOptions({ queryKey: toolsKeys.commission, queryFn: () => api.commission.balance() });
export const contactsQuery = () =>
  queryOptions({ queryKey: toolsKeys.contacts, queryFn: () => api.payhubTools.contactList() });
export const productsQuery = () =>
  queryOptions({ queryKey: toolsKeys.products, queryFn: () => api.payhubTools.shopProducts() });
export const vouchersQuery = () =>
  queryOptions({
    queryKey: toolsKeys.vouchers,
    queryFn: () => api.payhubTools.voucherQuery({ query: LIST_PAGE }),
  });
export const workTimeQuery = () =>
  queryOptions({ queryKey: toolsKeys.workTime, queryFn: () => api.payhubTools.workTime() });
export const groupWorkQuery = () =>
  queryOptions({ queryKey: toolsKeys.groupWork, queryFn: () => api.payhubTools.groupWorkTime() });
export const membersQuery = () =>
  queryOptions({ queryKey: toolsKeys.members, queryFn: () => api.commission.memberAggData({ query: {} }) });
