import { fundLabels, type Account, type Fund } from '@commonwise/contracts';

/** Owners are billed in these funds; reserve contributions are billed as operating income (charges.ts). */
const billedFunds: Fund[] = ['operating', 'special'];

/**
 * The income accounts a charge may be credited to, by fund, and what is credited when none is chosen
 * (the chart's account with `defaultKey`, e.g. 4000 Assessment Income).
 */
export function incomeAccountOptions(accounts: Account[], defaultKey: string) {
  const chosen = accounts.find((account) => account.systemKey === defaultKey);
  return {
    defaultLabel: chosen ? `Default: ${chosen.code} ${chosen.name}` : 'Default income account',
    options: billedFunds.map((fund) => ({
      group: `${fundLabels[fund]} fund`,
      items: accounts
        .filter((account) => account.fund === fund && account.type === 'income' && account.isActive)
        .map((account) => ({ value: account.id, label: `${account.code} ${account.name}` })),
    })),
  };
}
