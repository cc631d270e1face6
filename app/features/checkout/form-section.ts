// The look of the checkout's top-level groups (訂購人, 收件資訊, 發票, 折價券, 付款方式).
export const SECTION_CLASS = "border border-line bg-surface m-0 p-4 md:p-6 grid gap-4 min-w-0";
export const SECTION_LEGEND_CLASS = "text-lg font-bold px-1";
