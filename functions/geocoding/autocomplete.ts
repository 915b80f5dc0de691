import { freeTextHandler } from './free-text';

export const handler = freeTextHandler('autocomplete');
