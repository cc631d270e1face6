// invoice_issue's reply is signed by CheckCode (EINVOICE.md): the upper-case hex SHA-256 of
// `HashIV=…&InvoiceTransNo=…&MerchantID=…&MerchantOrderNo=…&RandomNum=…&TotalAmt=…&HashKey=…` (the five fields in
// alphabetical order between HashIV and HashKey). The store verifies it before storing an invoice; the stand-in signs
// with it.
import { sha256Hex } from "~/domain/sha256";
import { sameInConstantTime } from "../api/payment/mpg-crypto";
import type { EzpayKeys } from "./post-data";

/** The fields of an issue's Result that CheckCode signs. */
export interface IssueSigned {
  InvoiceTransNo: string;
  MerchantID: string;
  MerchantOrderNo: string;
  RandomNum: string;
  TotalAmt: number | string;
}

export async function issueCheckCode(result: IssueSigned, keys: EzpayKeys): Promise<string> {
  const text =
    `HashIV=${keys.hashIv}&InvoiceTransNo=${result.InvoiceTransNo}&MerchantID=${result.MerchantID}` +
    `&MerchantOrderNo=${result.MerchantOrderNo}&RandomNum=${result.RandomNum}&TotalAmt=${result.TotalAmt}` +
    `&HashKey=${keys.hashKey}`;
  return (await sha256Hex(text)).toUpperCase();
}

/** Whether `checkCode` signs these fields under these keys (compared in constant time, hex case aside). */
export async function isIssueCheckCode(result: IssueSigned, checkCode: string, keys: EzpayKeys): Promise<boolean> {
  return sameInConstantTime(await issueCheckCode(result, keys), checkCode.toUpperCase());
}
