import type { Metadata } from "next";
import { type CaseFilter, CasesList } from "@/components/cases/cases-list";
import { requirePageUser } from "@/lib/auth";
import { listCases } from "@/lib/database/dashboard/queries/payment-cases";
import { getDb } from "@/lib/runtime";

export const metadata: Metadata = { title: "Cases" };

/** /cases — the "I have paid" cases, open ones first by default (everyone signed in reads them). */
export default async function CasesPage({ searchParams }: { searchParams: Promise<{ state?: string }> }) {
  await requirePageUser();
  const { state } = await searchParams;
  const filter: CaseFilter = state === "closed" || state === "all" ? state : "open";
  const cases = await listCases(await getDb(), filter === "all" ? {} : { state: filter });
  return <CasesList cases={cases} filter={filter} />;
}
