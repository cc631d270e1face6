// Lets a script run as `node scripts/x.mjs` as well as through npm: the project's node_modules/.bin (with its own
// Node 24 and wrangler) goes first on PATH for everything the script starts, as `npm run` would do.
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const bin = join(projectRoot, "node_modules", ".bin");
if (!(process.env.PATH ?? "").split(delimiter).includes(bin)) {
  process.env.PATH = `${bin}${delimiter}${process.env.PATH ?? ""}`;
}
process.chdir(projectRoot);
