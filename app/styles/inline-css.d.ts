// The app's stylesheet text for the document head, from .config/inline-css.ts: the built CSS on the server,
// undefined in the browser bundle and under the dev server.
declare module "virtual:inline-css" {
  export const inlineCss: string | undefined;
}
