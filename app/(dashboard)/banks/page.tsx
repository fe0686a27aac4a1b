import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth";
import { runActingAs } from "@/lib/auth/acting-user";
import { type BankInfo, isPaymentApiError } from "@/lib/payment-api";
import { getPaymentApi } from "@/lib/runtime";
import styles from "./banks.module.css";
import { BanksTable } from "./banks-table";
import { CountryChooser } from "./country-chooser";
import { parseCountryParam } from "./country-param";
import { describeError, type ErrorView } from "./describe-error";
import { log } from "@/lib/observability/logger";
import { viewerBankNamer } from "@/lib/pay-page/viewer-bank-name";

export const metadata: Metadata = { title: "Banks" };

const ERROR_ID = "country-error";

/** /banks?country=RU — the banks of a country, fetched server side through the signed client. */
export default async function BanksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // Every role may read the directory; the page checks the session itself, not only the layout.
  const user = await requirePageUser();
  const params = await searchParams;
  const param = parseCountryParam(params.country);
  const query = typeof params.q === "string" ? params.q.slice(0, 100) : "";

  let result: { banks: BankInfo[] } | { error: ErrorView } | undefined;
  if (param.ok) {
    try {
      // Asked for by this person: the request log names them.
      const banks = await runActingAs(user.id, () => getPaymentApi().listBanks(param.country));
      // Named as the customer's pay page names them for this browser's language.
      const bankName = await viewerBankNamer();
      result = { banks: banks.map((b) => ({ ...b, name: bankName({ bankName: b.name }) })) };
    } catch (error) {
      if (!isPaymentApiError(error)) throw error;
      log().error({ error: error.toJSON() }, "banks: listBanks failed");
      result = { error: describeError(error) };
    }
  }

  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <h1>Banks</h1>
          <p>
            Banks the payment service offers in a country, with their national codes. A bank&apos;s id is what
            orders send as <code>bankId</code>.
          </p>
        </div>
      </header>

      <CountryChooser
        country={param.ok ? param.country : undefined}
        invalidInput={param.ok ? undefined : param.input}
        errorId={ERROR_ID}
      />

      {!param.ok && (
        <div id={ERROR_ID} role="alert" className="alert error">
          <strong>Country:</strong> “{param.input}” is not valid. {param.message}.
        </div>
      )}

      {result !== undefined && "error" in result && (
        <div role="alert" className="alert error">
          <strong>{result.error.title}.</strong> {result.error.detail}
          {result.error.items.length > 0 && (
            <ul>
              {result.error.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          <p className={styles.retry}>
            <a href={param.ok ? `/banks?country=${param.country}` : "/banks"}>Try again</a>
          </p>
        </div>
      )}

      {param.ok && result !== undefined && "banks" in result && (
        <BanksTable country={param.country} banks={result.banks} initialQuery={query} />
      )}
    </div>
  );
}
