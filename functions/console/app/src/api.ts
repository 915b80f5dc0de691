// Calls the API the page was served by, with the pasted key. Errors come back
// as the API's one error body; its message is what the user needs to see.

const STORAGE_KEY = 'waymark.console.key';

export const savedKey = (): string => localStorage.getItem(STORAGE_KEY) ?? '';
export const saveKey = (key: string): void => localStorage.setItem(STORAGE_KEY, key.trim());

/**
 * A key given in the page's address (a link `npm start` or a teammate shares) is saved like a
 * pasted one, then dropped from the address so it does not linger in history or screenshots.
 */
export function takeKeyFromUrl(): void {
  const url = new URL(window.location.href);
  const key = url.searchParams.get('key');
  if (!key) return;
  saveKey(key);
  url.searchParams.delete('key');
  window.history.replaceState(null, '', url);
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function api<T = any>(method: string, path: string, query: Record<string, string> = {}, body?: unknown): Promise<T> {
  const params = new URLSearchParams({ ...query, key: savedKey() });
  const response = await fetch(`${path}?${params}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : {};
  if (!response.ok) throw new ApiFailure(response.status, `${response.status}: ${data.message ?? response.statusText}`);
  return data as T;
}

/** Writes a message into a status element, red when it reports a failure. */
export function show(element: HTMLElement, message: string, failed = false): void {
  element.textContent = message;
  element.classList.toggle('error', failed);
}

/**
 * Text for Leaflet content (tooltips, icons), which would otherwise be parsed as HTML: names come
 * from API data anyone with the key can write, and must never become markup in this page.
 */
export function textElement(text: string, tag = 'span'): HTMLElement {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

export const byId = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;
