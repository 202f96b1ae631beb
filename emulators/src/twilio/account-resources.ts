import { accountPath, rfc2822 } from './message-resource';
import { isTollFree, type MessagingAccount, type MessagingService } from './messaging-account';

// The account's setup as Twilio's REST API serialises it: Messaging v1 resources (snake_case,
// ISO 8601 dates, a `meta` paging block with absolute URLs on messaging.twilio.com) and the
// 2010-04-01 IncomingPhoneNumber (RFC 2822 dates, `*_uri` paging relative to api.twilio.com).
// Shapes follow Twilio's published OpenAPI description (twilio-oai, messaging v1 and api v2010).

export const MESSAGING_ORIGIN = 'https://messaging.twilio.com';

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function serviceResource(accountSid: string, account: MessagingAccount, service: MessagingService): Record<string, unknown> {
  const url = `${MESSAGING_ORIGIN}/v1/Services/${service.sid}`;
  const date = iso(account.createdAt);
  return {
    account_sid: accountSid,
    sid: service.sid,
    date_created: date,
    date_updated: date,
    friendly_name: service.friendlyName,
    inbound_request_url: service.inboundRequestUrl,
    inbound_method: 'POST',
    fallback_url: null,
    fallback_method: 'POST',
    status_callback: service.statusCallback,
    sticky_sender: true,
    mms_converter: true,
    smart_encoding: true,
    fallback_to_long_code: false,
    area_code_geomatch: true,
    validity_period: 36000,
    scan_message_content: 'inherit',
    synchronous_validation: false,
    usecase: 'notifications',
    us_app_to_person_registered: service.campaign?.status === 'VERIFIED',
    use_inbound_webhook_on_number: service.useInboundWebhookOnNumber,
    links: {
      phone_numbers: `${url}/PhoneNumbers`,
      short_codes: `${url}/ShortCodes`,
      alpha_senders: `${url}/AlphaSenders`,
      messages: `${url}/Messages`,
      us_app_to_person: `${url}/Compliance/Usa2p`,
      us_app_to_person_usecases: `${url}/Compliance/Usa2p/Usecases`,
      channel_senders: `${url}/ChannelSenders`,
      destination_alpha_senders: `${url}/DestinationAlphaSenders`,
    },
    url,
  };
}

export function servicePhoneNumberResource(accountSid: string, account: MessagingAccount, service: MessagingService): Record<string, unknown> {
  const date = iso(account.createdAt);
  return {
    account_sid: accountSid,
    service_sid: service.sid,
    sid: account.number.sid,
    date_created: date,
    date_updated: date,
    phone_number: account.number.phoneNumber,
    country_code: 'US',
    capabilities: account.number.smsCapable ? ['Voice', 'SMS', 'MMS'] : ['Voice'],
    url: `${MESSAGING_ORIGIN}/v1/Services/${service.sid}/PhoneNumbers/${account.number.sid}`,
  };
}

export function campaignResource(accountSid: string, account: MessagingAccount, service: MessagingService): Record<string, unknown> | null {
  const campaign = service.campaign;
  if (!campaign) return null;
  const date = iso(account.createdAt);
  return {
    sid: campaign.sid,
    account_sid: accountSid,
    brand_registration_sid: `BN${campaign.sid.slice(2)}`,
    messaging_service_sid: service.sid,
    description: 'Texts to customers of a home cleaning company who asked for a cleaning or signed in to its portal: login codes, booking confirmations, reminders and invoices.',
    message_samples: ['123456 is your login code. It expires in 10 minutes. Never share it with anyone.', 'Your cleaning is confirmed for Tue Dec 1, 9:00 AM. Reply STOP to opt out.'],
    us_app_to_person_usecase: 'MIXED',
    has_embedded_links: true,
    has_embedded_phone: true,
    subscriber_opt_in: true,
    age_gated: false,
    direct_lending: false,
    campaign_status: campaign.status,
    campaign_id: campaign.status === 'VERIFIED' ? `C${campaign.sid.slice(2, 8).toUpperCase()}` : null,
    is_externally_registered: false,
    rate_limits: campaign.status === 'VERIFIED' ? { att: { mps: 75, msg_class: 'T' }, tmobile: { brand_tier: 'LOW' } } : {},
    message_flow: 'Customers opt in by ticking the consent line on the booking form, the portal login or the notify-me page.',
    opt_in_message: null,
    opt_out_message: 'You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.',
    help_message: 'Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
    opt_in_keywords: ['START'],
    opt_out_keywords: ['STOP'],
    help_keywords: ['HELP'],
    date_created: date,
    date_updated: date,
    url: `${MESSAGING_ORIGIN}/v1/Services/${service.sid}/Compliance/Usa2p/${campaign.sid}`,
    mock: false,
    errors: campaign.errors,
    privacy_policy_url: null,
    terms_and_conditions_url: null,
  };
}

export function tollfreeVerificationResource(accountSid: string, account: MessagingAccount): Record<string, unknown> | null {
  const verification = account.tollfreeVerification;
  if (!verification) return null;
  const date = iso(account.createdAt);
  const url = `${MESSAGING_ORIGIN}/v1/Tollfree/Verifications/${verification.sid}`;
  const rejected = verification.status === 'TWILIO_REJECTED';
  return {
    sid: verification.sid,
    account_sid: accountSid,
    customer_profile_sid: `BU${verification.sid.slice(2)}`,
    trust_product_sid: null,
    regulated_item_sid: null,
    date_created: date,
    date_updated: date,
    business_name: 'Cleaning company',
    business_street_address: '100 Demo Street NW',
    business_street_address2: null,
    business_city: 'Atlanta',
    business_state_province_region: 'GA',
    business_postal_code: '30303',
    business_country: 'US',
    business_website: 'https://www.example.com',
    business_contact_first_name: 'Ops',
    business_contact_last_name: 'Team',
    business_contact_email: 'ops@example.com',
    business_contact_phone: '+14045550100',
    notification_email: 'ops@example.com',
    use_case_categories: ['ACCOUNT_NOTIFICATIONS', 'TWO_FACTOR_AUTHENTICATION'],
    use_case_summary: 'Login codes and appointment texts to customers of a home cleaning company.',
    production_message_sample: '123456 is your login code. It expires in 10 minutes. Never share it with anyone.',
    opt_in_image_urls: ['https://www.example.com/opt-in.png'],
    opt_in_type: 'WEB_FORM',
    message_volume: '1,000',
    additional_information: null,
    tollfree_phone_number_sid: account.number.sid,
    tollfree_phone_number: account.number.phoneNumber,
    status: verification.status,
    url,
    rejection_reason: rejected ? verification.rejectionReason : null,
    error_code: rejected ? verification.errorCode : null,
    edit_expiration: null,
    edit_allowed: rejected ? true : null,
    rejection_reasons: rejected && verification.errorCode ? [{ code: verification.errorCode, reason: verification.rejectionReason }] : null,
    resource_links: {},
    external_reference_id: null,
  };
}

/** Twilio's type of number; sms:check does not rely on it (it reads the number's area code). */
const numberType = (phone: string) => (isTollFree(phone) ? 'tollfree' : 'local');

export function incomingPhoneNumberResource(accountSid: string, account: MessagingAccount): Record<string, unknown> {
  const { number } = account;
  const date = rfc2822(account.createdAt);
  const digits = number.phoneNumber.replace(/^\+1/, '');
  return {
    account_sid: accountSid,
    address_requirements: 'none',
    address_sid: null,
    api_version: '2010-04-01',
    beta: false,
    capabilities: { voice: true, sms: number.smsCapable, mms: number.smsCapable, fax: false },
    date_created: date,
    date_updated: date,
    emergency_status: 'Inactive',
    emergency_address_sid: null,
    emergency_address_status: 'unregistered',
    friendly_name: digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : number.phoneNumber,
    identity_sid: null,
    origin: 'twilio',
    phone_number: number.phoneNumber,
    sid: number.sid,
    sms_application_sid: '',
    sms_fallback_method: 'POST',
    sms_fallback_url: '',
    sms_method: 'POST',
    sms_url: number.smsUrl ?? '',
    status_callback: '',
    status_callback_method: 'POST',
    trunk_sid: null,
    uri: `${accountPath(accountSid)}/IncomingPhoneNumbers/${number.sid}.json`,
    voice_application_sid: '',
    voice_caller_id_lookup: false,
    voice_fallback_method: 'POST',
    voice_fallback_url: null,
    voice_method: 'POST',
    voice_url: null,
    bundle_sid: null,
    voice_receive_mode: 'voice',
    status: 'in-use',
    type: numberType(number.phoneNumber),
  };
}
