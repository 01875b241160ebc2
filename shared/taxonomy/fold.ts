import { foldText } from '../search/fold';

/**
 * A value as the taxonomy compares it: accents and case folded, '&' read as 'and', apostrophes
 * dropped, every other run of punctuation or space one space ('+' kept: "Series C+"). So
 * "Fintech (Payments, Lending)", "fintech(payments,lending)" and "FINTECH – payments / lending" are
 * one key, as are "Series-A", "series a" and "SERIES A", and "AI/ML" and "ai ml".
 */
export function taxonomyKey(value: string): string {
  return foldText(value)
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}+]+/gu, ' ')
    .trim();
}
