/**
 * The server's entry point (`node dist/server/server.mjs`, or `tsx src-server/server.ts` in
 * development): main.ts holds the process concerns.
 */
import { main } from './main';

await main();
