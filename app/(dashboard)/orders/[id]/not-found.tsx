import Link from "next/link";

export default function OrderNotFound() {
  return (
    <div className="page stack">
      <h1>Order not found</h1>
      <p>
        There is no order with this id. <Link href="/orders">Back to the orders</Link>.
      </p>
    </div>
  );
}
