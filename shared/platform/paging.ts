// The `page{}` object every list endpoint of the public API answers with.

export interface Page {
  total: number;
  offset: number;
  page: number;
  size: number;
  hasmore: boolean;
}

/** page{} of the 1-based page `pn` of size `ps` over `total` items; `size` is the size asked for. */
export function pageOf(total: number, pn: number, ps: number): Page {
  const offset = (pn - 1) * ps;
  return { total, offset, page: pn, size: ps, hasmore: offset + ps < total };
}

/** One page of an already ordered list, with its page{}. */
export function paginate<T>(items: readonly T[], pn: number, ps: number): { list: T[]; page: Page } {
  const page = pageOf(items.length, pn, ps);
  return { list: items.slice(page.offset, page.offset + ps), page };
}
