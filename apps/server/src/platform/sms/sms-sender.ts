/** Sends an SMS. Production plugs a provider adapter in here; development prints to the log. */
export interface SmsSender {
  send(message: { projectId: number; phone: string; countryCode: string; text: string }): Promise<void>;
}

export function createDevSmsSender(log: (line: string) => void): SmsSender {
  return {
    async send({ countryCode, phone, text }) {
      log(`[dev sms] +${countryCode}${phone}: ${text}`);
    },
  };
}
