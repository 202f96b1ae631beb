// Error bodies in the shape Twilio's 2010-04-01 API uses. The SDK turns exactly this shape into a
// RestException (status, code, message, moreInfo), so keeping it faithful is what lets the
// worker's error classification be tested against the emulator.

export interface TwilioErrorBody {
  code: number;
  message: string;
  more_info: string;
  status: number;
}

export interface TwilioError {
  status: number;
  body: TwilioErrorBody;
}

export function twilioError(status: number, code: number, message: string): TwilioError {
  return {
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  };
}

export function authenticateError(): TwilioError {
  // Twilio answers a bad Account SID / Auth Token pair with the bare word "Authenticate".
  return twilioError(401, 20003, 'Authenticate');
}

export function notFoundError(path: string): TwilioError {
  return twilioError(404, 20404, `The requested resource ${path} was not found`);
}

export function methodNotAllowedError(): TwilioError {
  return twilioError(405, 20004, 'Method not allowed');
}

/** Codes used when an injected fault does not name one. */
export function defaultFaultError(status: number): TwilioError {
  switch (status) {
    case 429:
      return twilioError(429, 20429, 'Too Many Requests');
    case 500:
      return twilioError(500, 20500, 'Internal Server Error');
    case 503:
      return twilioError(503, 20503, 'Service Unavailable');
    default:
      return twilioError(status, 20001, 'Bad request');
  }
}
