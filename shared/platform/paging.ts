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

/** Items a list reads past its page to count them: up to this many, `total` is exact. */
export const COUNT_LOOKAHEAD = 1000;

/**
 * Page `pn` of a list read from storage batch by batch (in list order), reading no further than
 * `COUNT_LOOKAHEAD` items past the page: a long list is never read whole to answer one page.
 * `total` is exact when the list ended within that; otherwise it is one more than was read (the
 * list holds at least that many) and `hasmore` is true.
 */
export async function pageFrom<T>(batches: AsyncIterable<readonly T[]>, pn: number, ps: number): Promise<{ list: T[]; page: Page }> {
  const offset = (pn - 1) * ps;
  const limit = offset + ps + COUNT_LOOKAHEAD;
  const list: T[] = [];
  let seen = 0;
  let more = false;
  outer: for await (const batch of batches) {
    for (const item of batch) {
      if (seen === limit) {
        more = true;
        break outer;
      }
      if (seen >= offset && seen < offset + ps) list.push(item);
      seen++;
    }
  }
  return { list, page: pageOf(more ? seen + 1 : seen, pn, ps) };
}
