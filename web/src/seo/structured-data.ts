import type { Company } from '@app/shared/company';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { SERVICE_AREA_BY_STATE } from '@app/shared/service-area';
import type { ServiceFamily } from '@app/shared/services';
import type {
  BreadcrumbList,
  Graph,
  HomeAndConstructionBusiness,
  ListItem,
  Offer,
  OpeningHoursSpecification,
  Place,
  Service,
  Thing,
  WebPage,
  WebSite,
} from 'schema-dts';
import { PRICING_PLANS, type PricingPlan } from '../features/marketing/content/pricing-plans';
import { bookingHref } from '../lib/booking-link';

/**
 * What search engines read about the company and each pre-rendered page, as schema.org JSON-LD:
 * built at build time from the company configuration, the service area and the price list (never
 * a hand-written copy of them). Typed with schema-dts, so a property or type schema.org does not
 * have fails the type check; seo/structured-data.test.ts checks what Google needs of each type.
 */

export interface PageFacts {
  /** The site's public origin, without a trailing slash: https://www.example.com. */
  origin: string;
  path: string;
  /** The page's name without the site's ('Pricing'); none on the home page. */
  pageTitle?: string;
  title: string;
  description: string;
  /** Absolute address of the page's share card, and what it shows. */
  image: { url: string; width: number; height: number; alt: string };
}

// What each pricing card is in search engines' words (schema.org has no house-cleaning type).
const SERVICE_TYPES: Record<ServiceFamily, string> = {
  'Basic Clean': 'House cleaning',
  'Deep Clean': 'Deep cleaning',
  'Recurring Clean': 'Recurring house cleaning',
  'Full Move Service': 'Move-in and move-out cleaning',
};

const pageUrl = (origin: string, path: string) => `${origin}${path === '/' ? '/' : path}`;
const businessId = (origin: string) => `${origin}/#business`;
const websiteId = (origin: string) => `${origin}/#website`;
const dollars = (cents: number) => cents / 100;

/** Every priced visit the pricing page shows (a custom quote is no price). */
const pricedCents = (plans: readonly PricingPlan[]) =>
  plans.flatMap((plan) => plan.rows.flatMap((row) => row.cents.filter((cents): cents is number => cents !== null)));

/** '$119–$649': the cheapest and dearest visit on the pricing page. */
export function priceRange(plans: readonly PricingPlan[] = PRICING_PLANS): string {
  const cents = pricedCents(plans);
  return `$${dollars(Math.min(...cents))}–$${dollars(Math.max(...cents))}`;
}

function openingHours(company: Company): OpeningHoursSpecification[] {
  return company.openingHours.map((span) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: span.days.map((day) => `https://schema.org/${day}` as const),
    opens: span.opens,
    closes: span.closes,
  }));
}

/** The service area's zip codes, each as a place in its state. */
function areaServed(): Place[] {
  return Object.entries(SERVICE_AREA_BY_STATE).flatMap(([state, zips]) =>
    zips.map((zip): Place => ({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', postalCode: zip, addressRegion: state, addressCountry: 'US' },
    })),
  );
}

/** The company as a local business (a home-services business of schema.org), on every page. */
export function localBusiness(company: Company, facts: Pick<PageFacts, 'origin' | 'image'>): HomeAndConstructionBusiness {
  const { address } = company;
  return {
    '@type': 'HomeAndConstructionBusiness',
    '@id': businessId(facts.origin),
    name: company.name,
    legalName: company.legalName,
    slogan: company.tagline,
    url: `${facts.origin}/`,
    image: facts.image.url,
    telephone: company.phone,
    email: company.email,
    foundingDate: String(company.established),
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.state,
      postalCode: address.zip,
      addressCountry: 'US',
    },
    openingHoursSpecification: openingHours(company),
    priceRange: priceRange(),
    areaServed: areaServed(),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Cleaning services',
      itemListElement: PRICING_PLANS.map((plan) => ({
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: plan.family, serviceType: SERVICE_TYPES[plan.family] },
      })),
    },
    sameAs: [company.social.imageSharing.url, company.social.socialNetwork.url],
  };
}

function offersOf(plan: PricingPlan, origin: string): Offer[] {
  const columns = plan.columns ?? [undefined];
  return plan.rows.flatMap((row) =>
    row.cents.flatMap((cents, i): Offer[] => {
      if (cents === null) return [];
      const kind = columns[i] ? `${columns[i]}, ` : '';
      return [
        {
          '@type': 'Offer',
          name: `${plan.family}: ${kind}${row.band}`,
          description: `Starting price for a home of ${row.band}; confirmed after the free assessment.`,
          price: dollars(cents),
          priceCurrency: 'USD',
          priceSpecification: { '@type': 'PriceSpecification', minPrice: dollars(cents), priceCurrency: 'USD' },
          url: `${origin}${bookingHref(plan.booking)}`,
        },
      ];
    }),
  );
}

/** The pricing page's cards: one service each, one offer per size band (and kind of visit). */
export function pricingServices(company: Company, origin: string): Service[] {
  return PRICING_PLANS.map((plan) => ({
    '@type': 'Service',
    '@id': `${origin}${CLIENT_ROUTES.pricing}#${plan.family.toLowerCase().replace(/\W+/g, '-')}`,
    name: plan.family,
    serviceType: SERVICE_TYPES[plan.family],
    description: plan.summary,
    provider: { '@id': businessId(origin) },
    areaServed: { '@type': 'AdministrativeArea', name: company.region },
    offers: offersOf(plan, origin),
  }));
}

function breadcrumbs(facts: PageFacts): BreadcrumbList {
  const trail: ListItem[] = [
    { '@type': 'ListItem', position: 1, name: 'Home', item: `${facts.origin}/` },
    { '@type': 'ListItem', position: 2, name: facts.pageTitle, item: pageUrl(facts.origin, facts.path) },
  ];
  return { '@type': 'BreadcrumbList', '@id': `${pageUrl(facts.origin, facts.path)}#breadcrumb`, itemListElement: trail };
}

// Pages that describe more than the company and themselves.
const PAGE_NODES: Partial<Record<string, (company: Company, origin: string) => Thing[]>> = {
  [CLIENT_ROUTES.pricing]: pricingServices,
};

/** Everything a pre-rendered page tells search engines, as one JSON-LD graph. */
export function pageGraph(company: Company, facts: PageFacts): Graph {
  const url = pageUrl(facts.origin, facts.path);
  const isHome = facts.path === CLIENT_ROUTES.home;
  const website: WebSite = {
    '@type': 'WebSite',
    '@id': websiteId(facts.origin),
    url: `${facts.origin}/`,
    name: company.name,
    publisher: { '@id': businessId(facts.origin) },
  };
  const page: WebPage = {
    '@type': 'WebPage',
    '@id': url,
    url,
    name: facts.title,
    description: facts.description,
    isPartOf: { '@id': websiteId(facts.origin) },
    about: { '@id': businessId(facts.origin) },
    primaryImageOfPage: { '@type': 'ImageObject', url: facts.image.url, width: String(facts.image.width), height: String(facts.image.height) },
    ...(isHome || !facts.pageTitle ? {} : { breadcrumb: { '@id': `${url}#breadcrumb` } }),
  };
  const nodes: Thing[] = [localBusiness(company, facts), website, page];
  if (!isHome && facts.pageTitle) nodes.push(breadcrumbs(facts));
  nodes.push(...(PAGE_NODES[facts.path]?.(company, facts.origin) ?? []));
  return { '@context': 'https://schema.org', '@graph': nodes };
}
