/** Whether the request comes from a phone or tablet: bank apps are offered there (client hint, else the UA). */
export function isPhone(h: Headers): boolean {
  return (
    h.get("sec-ch-ua-mobile") === "?1" || /Mobi|Android|iPhone|iPad|iPod/i.test(h.get("user-agent") ?? "")
  );
}
