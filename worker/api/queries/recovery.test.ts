import { describe, expect, it } from "vitest";
import { sqliteD1 } from "../testing/sqlite-d1";
import { checkRecoveryCode, storeRecoveryCode } from "./recovery";

const T0 = Date.UTC(2026, 0, 1);

async function memberWithCode(codeHash = "right") {
  const db = sqliteD1();
  await db
    .prepare(
      "INSERT INTO members (id, email, name, password_hash, created_at) VALUES (1, 'a@example.com', '甲', 'x', '')",
    )
    .run();
  await storeRecoveryCode(db, 1, codeHash, T0);
  return db;
}

describe("checkRecoveryCode", () => {
  it("spends a right code: it works once", async () => {
    const db = await memberWithCode();
    expect(await checkRecoveryCode(db, 1, "right", T0 + 1)).toBe("valid");
    expect(await checkRecoveryCode(db, 1, "right", T0 + 2)).toBe("wrong");
  });

  it("voids the code on the fifth wrong try, after which the right one fails too", async () => {
    const db = await memberWithCode();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await checkRecoveryCode(db, 1, `wrong-${i}`, T0 + 1));
    expect(answers).toEqual(["wrong", "wrong", "wrong", "wrong", "used-up"]);
    expect(await checkRecoveryCode(db, 1, "right", T0 + 2)).toBe("wrong");
  });

  it("lets two requests with the right code spend it only once, even together", async () => {
    const db = await memberWithCode();
    const both = await Promise.all([
      checkRecoveryCode(db, 1, "right", T0 + 1),
      checkRecoveryCode(db, 1, "right", T0 + 1),
    ]);
    expect(both.sort()).toEqual(["valid", "wrong"]);
  });

  it("refuses an expired code", async () => {
    const db = await memberWithCode();
    expect(await checkRecoveryCode(db, 1, "right", T0 + 15 * 60 * 1000)).toBe("wrong");
  });
});
