import type { CsvColumn } from '../../../platform/http/csv.ts';
import type { ExportedPurchase } from './purchase-repository.ts';
import type { ExportedWalletLine } from './wallet-repository.ts';

/*
 * The columns of the rewards exports. Headers are English field names, the same in both
 * languages: the file is data for a spreadsheet or a script, read by column name.
 */

/** One purchase a row: what was bought, by whom, whether it shipped, and where to. */
export const purchaseCsv: CsvColumn<ExportedPurchase>[] = [
  { header: 'id', value: (p) => p.id },
  { header: 'orderNumber', value: (p) => p.orderNumber },
  { header: 'createdAt', value: (p) => p.createdAt },
  { header: 'username', value: (p) => p.username },
  { header: 'email', value: (p) => p.email },
  { header: 'product', value: (p) => p.productName },
  { header: 'brand', value: (p) => p.brand },
  { header: 'price', value: (p) => p.price },
  { header: 'fulfilled', value: (p) => p.fulfilled },
  { header: 'fulfilledAt', value: (p) => p.fulfilledAt },
  { header: 'firstName', value: (p) => p.shippingAddress.first_name },
  { header: 'lastName', value: (p) => p.shippingAddress.last_name },
  { header: 'street', value: (p) => p.shippingAddress.street_name },
  { header: 'additionalInfo', value: (p) => p.shippingAddress.additional_address_info },
  { header: 'zipCode', value: (p) => p.shippingAddress.zip_code },
  { header: 'city', value: (p) => p.shippingAddress.city },
  { header: 'country', value: (p) => p.shippingAddress.country },
  { header: 'phone', value: (p) => p.shippingAddress.phone_number },
];

/**
 * One ledger entry a row, after the user and their balance now: one file that a spreadsheet
 * filters by user or sums by type, where a wallets file beside a transactions file would need a
 * join. A wallet without entries has a row of its own with the entry's cells empty.
 */
export const walletCsv: CsvColumn<ExportedWalletLine>[] = [
  { header: 'userId', value: (l) => l.wallet.userId },
  { header: 'username', value: (l) => l.wallet.username },
  { header: 'email', value: (l) => l.email },
  { header: 'balance', value: (l) => l.wallet.balance },
  { header: 'walletUpdatedAt', value: (l) => l.wallet.updatedAt },
  { header: 'transactionId', value: (l) => l.transaction?.id },
  { header: 'transactionAt', value: (l) => l.transaction?.createdAt },
  { header: 'type', value: (l) => l.transaction?.type },
  { header: 'amount', value: (l) => l.transaction?.amount },
  { header: 'balanceAfter', value: (l) => l.transaction?.balanceAfter },
  { header: 'description', value: (l) => l.transaction?.description },
  { header: 'reference', value: (l) => l.transaction?.reference },
  { header: 'adjustedBy', value: (l) => l.transaction?.createdBy?.name },
];
