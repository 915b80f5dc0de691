import { resolve } from 'node:path';
import { publicHandler } from '../lib/http-handler';
import { serve } from './page';

// The driver's page (app/driver.html, built with the console): no key, the link it is opened
// from carries the route's driver token, which the page sends with its own calls.
export const handler = publicHandler({
  name: 'console.driver',
  run: async () => serve(resolve('build/console'), 'driver.html'),
});
