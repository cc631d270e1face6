// SPEC §9's styling tokens, checked in the CSS the config actually generates.
import { createGenerator } from "unocss";
import { describe, expect, it } from "vitest";
import config from "./uno.config";

async function css(classes: string) {
  const uno = await createGenerator(config);
  return (await uno.generate(classes, { preflights: false })).css;
}

describe("UnoCSS theme tokens", () => {
  it("uses the breakpoints sm 640, md 768, lg 1024, xl 1280, 2xl 1536", async () => {
    const out = await css("sm:p-1 md:p-1 lg:p-1 xl:p-1 2xl:p-1");
    for (const px of [640, 768, 1024, 1280, 1536]) expect(out).toContain(`(min-width: ${px}px)`);
  });

  it("has control heights 38/46/48/50 px", async () => {
    const out = await css("h-control-sm h-control h-control-md h-control-lg");
    for (const px of [38, 46, 48, 50]) expect(out).toContain(`height:${px}px`);
  });

  it("has zero radius everywhere", async () => {
    const out = await css("rounded rounded-lg rounded-full");
    // Identical rules are merged into one selector group: each class must be in it, and no other radius exists.
    for (const cls of [".rounded", ".rounded-lg", ".rounded-full"]) expect(out).toContain(cls);
    expect(out).toContain("border-radius:0;");
    expect(out).not.toMatch(/border-radius:(?!0[;}])/);
  });

  it("maps primary and error to the theme variables (olive-gold and red)", async () => {
    const out = await css("bg-primary text-error");
    expect(out).toContain("var(--c-primary)");
    expect(out).toContain("var(--c-error)");
  });
});
