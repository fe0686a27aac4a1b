export { decideStatusChange, type StatusDecision } from "./decide";
export { pickCallbackHeaders } from "./headers";
export { handlePostback, type PostbackSettings } from "./handle";
export { createUnverifiedPurge, purgeExpiredUnverified, type UnverifiedPurge } from "./purge";
export { MAX_CALLBACK_BYTES, type ReceiveInput, type ReceiveResult, receiveCallback } from "./receive";
export { callbackResponse } from "./response";
export { verifyCallbackSignature, WEBHOOK_TOLERANCE_SECONDS } from "./verify";
