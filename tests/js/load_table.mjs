// The table's page module (gamekit/widgets/static/table.js), imported as the browser
// imports it: one ES module from its text (a data: URL here, a Blob URL in the page).
// Nothing in it may touch the DOM while it loads, so Node needs none.
import { readFile } from "node:fs/promises";

const path = new URL("../../gamekit/widgets/static/table.js", import.meta.url);
export const source = await readFile(path, "utf8");
export const table = await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);
