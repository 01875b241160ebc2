import { formatUsd } from '../../../shared/cart/pricing';

const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string, compact: boolean): Intl.NumberFormat | null {
  const key = `${currency}:${compact}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: currency.toUpperCase(),
        ...(compact ? { notation: 'compact', maximumFractionDigits: 1 } : {}),
      });
    } catch {
      return null;
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * An amount in the minor unit of `currency` (cents for USD), as Business Insights shows it: US dollars
 * with `formatUsd` when the currency is USD or unknown (no subscriptions yet), else that currency.
 * Amounts are taken as hundredths, as Stripe gives them for two-decimal currencies.
 */
export function formatMoney(amountX100: number, currency: string | null): string {
  const rounded = Math.round(amountX100);
  if (currency === null || currency.toLowerCase() === 'usd') return formatUsd(rounded);
  const format = currencyFormat(currency, false);
  return format ? format.format(rounded / 100) : `${(rounded / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** A short axis label: '$1.2K', '$350'. */
export function formatMoneyShort(amountX100: number, currency: string | null): string {
  const format = currencyFormat(currency ?? 'usd', true);
  return format ? format.format(amountX100 / 100) : formatMoney(amountX100, currency);
}
