import type { BankInfo } from "@/lib/payment-api";
import { codeLabel, countryName } from "./country-param";

export function BanksTable({ country, banks }: { country: string; banks: BankInfo[] }) {
  const heading = `Banks in ${countryName(country)} (${country})`;
  if (banks.length === 0) {
    return (
      <section className="card" aria-label={heading}>
        <h2>{heading}</h2>
        <p className="muted">The payment service lists no banks for {country}.</p>
      </section>
    );
  }
  return (
    <section className="stack" aria-label={heading}>
      <h2>
        {heading} <span className="muted">· {banks.length}</span>
      </h2>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">{heading}</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Id
              </th>
              <th scope="col">Name</th>
              <th scope="col">{codeLabel(country)}</th>
            </tr>
          </thead>
          <tbody>
            {banks.map((bank) => (
              <tr key={bank.id}>
                <td className="num mono">{bank.id}</td>
                <td>{bank.name}</td>
                <td className="mono">{bank.code}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
