import { english } from './en';
import type { Phrasebook } from './phrases';

/** Languages guidance is written in, by primary BCP-47 subtag. */
export const PHRASEBOOKS: Record<string, Phrasebook> = { en: english };
export const DEFAULT_LANGUAGE = 'en';

/** The phrasebook of a BCP-47 tag ("en-GB" reads as "en"), and whether it had to fall back to English. */
export function phrasebookFor(lang: string | undefined): { book: Phrasebook; fellBack: boolean } {
  const primary = (lang ?? DEFAULT_LANGUAGE).split('-')[0].toLowerCase();
  const book = PHRASEBOOKS[primary];
  return book ? { book, fellBack: false } : { book: PHRASEBOOKS[DEFAULT_LANGUAGE], fellBack: true };
}
