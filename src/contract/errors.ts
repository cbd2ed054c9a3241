/**
 * Error codes carried in `errors[].code` (spec section 8), with the numbered message each maps to
 * and the HTTP status the server answers with. The client routes on the code (src/client/api.ts).
 */
export const ERROR = {
  invalidToken: "AuthorizeError.InvalidToken",
  sourceIpNotAllowed: "AuthorizeError.SourceIpNotAllowed",
  forbidden: "AuthorizeError.Forbidden",
  loginFailed: "AuthorizeError.LoginFailed",
  duplicate: "InvalidData.Duplicate",
  validation: "InvalidData.Validation",
  unknownKey: "InvalidData.UnknownKey",
  companyNone: "InvalidData.CompanyNone",
  tooManyRows: "InvalidData.TooManyRows",
  passwordMismatch: "InvalidData.PasswordMismatch",
  resetTokenInvalid: "InvalidData.ResetTokenInvalid",
  resetTokenExpired: "InvalidData.ResetTokenExpired",
  passwordChangeFailed: "InvalidData.PasswordChangeFailed",
  conflict: "InvalidData.Conflict",
  noDataFound: "Information.NoDataFound",
  malformedJson: "InvalidRequest.MalformedJson",
  unsupportedMediaType: "InvalidRequest.UnsupportedMediaType",
  payloadTooLarge: "InvalidRequest.PayloadTooLarge",
  badEnvelope: "InvalidRequest.BadEnvelope",
  notFound: "InvalidRequest.NotFound",
  methodNotAllowed: "InvalidRequest.MethodNotAllowed",
  internalFailure: "ServerError.InternalFailure",
  // The screening API (shops' calls, src/contract/screeningApi.ts).
  invalidSignature: "AuthorizeError.InvalidSignature",
  unknownApplication: "AuthorizeError.UnknownApplication",
  replay: "AuthorizeError.Replay",
  eventNotFound: "InvalidData.EventNotFound",
} as const;
export type ErrorCode = (typeof ERROR)[keyof typeof ERROR];

/** Numbered message (src/contract/messages) shown for each code when it has one. */
export const ERROR_MESSAGE_NO: Partial<Record<ErrorCode, string>> = {
  [ERROR.invalidToken]: "913",
  [ERROR.forbidden]: "962",
  [ERROR.loginFailed]: "903",
  [ERROR.notFound]: "963",
  [ERROR.passwordMismatch]: "920",
  [ERROR.resetTokenInvalid]: "910",
  [ERROR.resetTokenExpired]: "919",
  [ERROR.passwordChangeFailed]: "921",
  [ERROR.conflict]: "015",
  [ERROR.noDataFound]: "676",
  [ERROR.internalFailure]: "998",
};

export const ERROR_HTTP_STATUS: Record<ErrorCode, number> = {
  [ERROR.invalidToken]: 401,
  [ERROR.sourceIpNotAllowed]: 403,
  [ERROR.forbidden]: 403,
  [ERROR.loginFailed]: 401,
  [ERROR.duplicate]: 409,
  [ERROR.validation]: 400,
  [ERROR.unknownKey]: 400,
  [ERROR.companyNone]: 400,
  [ERROR.tooManyRows]: 400,
  [ERROR.passwordMismatch]: 400,
  [ERROR.resetTokenInvalid]: 400,
  [ERROR.resetTokenExpired]: 400,
  [ERROR.passwordChangeFailed]: 400,
  [ERROR.conflict]: 409,
  [ERROR.noDataFound]: 200,
  [ERROR.malformedJson]: 400,
  [ERROR.unsupportedMediaType]: 415,
  [ERROR.payloadTooLarge]: 413,
  [ERROR.badEnvelope]: 400,
  [ERROR.notFound]: 404,
  [ERROR.methodNotAllowed]: 405,
  [ERROR.internalFailure]: 500,
  [ERROR.invalidSignature]: 401,
  [ERROR.unknownApplication]: 401,
  [ERROR.replay]: 401,
  [ERROR.eventNotFound]: 404,
};
