/** Request header through which proxy.ts tells the root layout the document's language (`<html lang>`). */
export const DOCUMENT_LANG_HEADER = "x-document-lang";
