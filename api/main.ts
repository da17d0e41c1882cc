import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createUserapp } from "./app";
import { readEnv } from "./config";
import { closeGracefully, describeDatabase, exitWithStartupError, openAndSeed } from "./runtime";

// `npm run start:api`: the /userapp API alone, for a storefront that sets USERAPP_API_URL.
const { env, handle } = await (async () => {
  const env = readEnv({ ...process.env, PORT: process.env.PORT ?? "3001" });
  return { env, handle: await openAndSeed(env) };
})().catch(exitWithStartupError);
const app = createUserapp({ db: handle.db });
const server = createServer(getRequestListener(app.fetch));
server.listen(env.PORT, env.HOST, () => {
  console.log(`The /userapp API is listening on http://${env.HOST}:${env.PORT}/userapp (${describeDatabase(env)}).`);
});
closeGracefully(server, handle);
