import "server-only";
import { randomBytes } from "node:crypto";
import type { Sql } from "@/lib/database";
import {
  deleteExpiredSignInDevices,
  deleteSignInDevice,
  getSignInDevice,
  insertSignInDevice,
} from "@/lib/database/dashboard/queries/sign-in-devices";
import { sessionIdFromToken } from "./session";

/**
 * Device tokens (OWASP "device cookie"): after a successful sign-in the browser gets a random token bound
 * to that user. Unguessable and kept server-side only as a hash, it is as strong as a signed cookie and can
 * be revoked. Sign-ins that present a valid one for their own account are limited per device instead of by
 * the account lockout, so strangers guessing the password cannot lock the owner out of a known browser.
 */
export const DEVICE_TOKEN_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The device's id for the database and for its rate-limit key (never the token itself). */
export function deviceIdFromToken(token: string): string {
  return sessionIdFromToken(token);
}

/** The device id when `token` is a live device token of the user with this (normalized) email. */
export async function trustedDeviceFor(
  sql: Sql,
  token: string | null | undefined,
  email: string,
  now: Date,
): Promise<string | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const id = deviceIdFromToken(token);
  const device = await getSignInDevice(sql, id);
  if (!device || device.email !== email || device.expiresAt.getTime() <= now.getTime()) return null;
  return id;
}

export interface IssuedDevice {
  token: string;
  expiresAt: Date;
}

/**
 * A fresh token for this browser and user. The device it was trusted as (if any) is retired; a token of
 * another user on a shared browser is left alone (it is only replaced in this browser's cookie).
 */
export async function issueDeviceToken(
  sql: Sql,
  userId: string,
  retiredDeviceId: string | null,
  now: Date,
): Promise<IssuedDevice> {
  if (retiredDeviceId) await deleteSignInDevice(sql, retiredDeviceId);
  await deleteExpiredSignInDevices(sql, now);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + DEVICE_TOKEN_LIFETIME_MS);
  await insertSignInDevice(sql, { id: deviceIdFromToken(token), userId, createdAt: now, expiresAt });
  return { token, expiresAt };
}
