-- A member never holds the same e-book or audio book (categories 2 and 3) through two orders that hold it: one still
-- to be paid (1, 3), paid and waiting for a pre-order's release (4), or in the bookcase (5, 7). The quote and the
-- checkout refuse such an item first, with its reason (worker/api/pricing.ts). This guard is for two checkouts at the
-- same moment, which both pass that read: the second order's batch is aborted whole, and the route answers with the
-- same refusal (routes/checkout.ts). The lists must match app/features/orders/digital-holding.ts's
-- HOLDING_ORDER_STATUSES and the digital categories (worker/api/queries/digital-held-trigger.test.ts checks).
CREATE TRIGGER order_items_digital_held_once
BEFORE INSERT ON order_items
WHEN (SELECT category_id FROM products WHERE id = NEW.product_id) IN (2, 3)
  AND EXISTS (
    -- The member's orders (orders_member), each looked up in order_items by its primary key.
    SELECT 1
      FROM orders o
      JOIN order_items held ON held.order_id = o.id AND held.product_id = NEW.product_id
     WHERE o.member_id = (SELECT member_id FROM orders WHERE id = NEW.order_id)
       AND o.id <> NEW.order_id
       AND o.status IN (1, 3, 4, 5, 7)
  )
BEGIN
  SELECT RAISE(ABORT, 'digital_held');
END;
