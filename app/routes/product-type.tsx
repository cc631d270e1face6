// Filled by issue 4; until then the placeholder screen.
export { default, meta } from "./placeholder";
