/**
 * A JSON Schema of the schema.org types the site's pages use, for tests: each type allows only
 * properties schema.org defines for it (https://schema.org/<Type>) and requires what Google's
 * structured-data documentation requires or recommends for it (LocalBusiness: name, address,
 * telephone, url, openingHoursSpecification, priceRange under 100 characters; BreadcrumbList:
 * position, name and item of each entry; Offer: price and priceCurrency). The builders are typed
 * with schema-dts as well, so the type check refuses a property the vocabulary does not have.
 */

const ref = (name: string) => ({ $ref: `#/$defs/${name}` });
const url = { type: 'string', pattern: '^https?://[^\\s]+$' };
const text = { type: 'string', minLength: 1 };
const idRef = { type: 'object', required: ['@id'], properties: { '@id': url }, additionalProperties: false };
const typed = (type: string, properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  required: ['@type', ...required],
  properties: { '@type': { const: type }, '@id': url, ...properties },
  additionalProperties: false,
});
const money = { type: 'number', exclusiveMinimum: 0 };
const currency = { type: 'string', pattern: '^[A-Z]{3}$' };
const time = { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' };
const day = { enum: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => `https://schema.org/${d}`) };

export const SCHEMA_ORG_GRAPH = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['@context', '@graph'],
  additionalProperties: false,
  properties: {
    '@context': { const: 'https://schema.org' },
    '@graph': {
      type: 'array',
      minItems: 1,
      items: {
        oneOf: ['HomeAndConstructionBusiness', 'WebSite', 'WebPage', 'BreadcrumbList', 'Service'].map(ref),
      },
    },
  },
  $defs: {
    PostalAddress: typed(
      'PostalAddress',
      {
        streetAddress: text,
        addressLocality: text,
        addressRegion: { type: 'string', pattern: '^[A-Z]{2}$' },
        postalCode: { type: 'string', pattern: '^\\d{5}$' },
        addressCountry: { const: 'US' },
      },
      ['addressCountry'],
    ),
    OpeningHoursSpecification: typed(
      'OpeningHoursSpecification',
      { dayOfWeek: { type: 'array', minItems: 1, items: day }, opens: time, closes: time },
      ['dayOfWeek', 'opens', 'closes'],
    ),
    Place: typed('Place', { address: ref('PostalAddress') }, ['address']),
    AdministrativeArea: typed('AdministrativeArea', { name: text }, ['name']),
    CatalogueService: typed('Service', { name: text, serviceType: text }, ['name', 'serviceType']),
    CatalogueOffer: typed('Offer', { itemOffered: ref('CatalogueService') }, ['itemOffered']),
    OfferCatalog: typed('OfferCatalog', { name: text, itemListElement: { type: 'array', minItems: 1, items: ref('CatalogueOffer') } }, [
      'name',
      'itemListElement',
    ]),
    HomeAndConstructionBusiness: typed(
      'HomeAndConstructionBusiness',
      {
        name: text,
        legalName: text,
        slogan: text,
        url,
        image: url,
        telephone: { type: 'string', pattern: '^\\+1\\d{10}$' },
        email: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+\\.[a-z]+$' },
        foundingDate: { type: 'string', pattern: '^\\d{4}$' },
        address: ref('PostalAddress'),
        openingHoursSpecification: { type: 'array', minItems: 1, items: ref('OpeningHoursSpecification') },
        priceRange: { type: 'string', minLength: 1, maxLength: 99 },
        areaServed: { type: 'array', minItems: 1, items: ref('Place') },
        hasOfferCatalog: ref('OfferCatalog'),
        sameAs: { type: 'array', items: url },
      },
      ['@id', 'name', 'url', 'image', 'telephone', 'address', 'openingHoursSpecification', 'priceRange', 'areaServed'],
    ),
    WebSite: typed('WebSite', { url, name: text, publisher: idRef }, ['@id', 'url', 'name']),
    ImageObject: typed(
      'ImageObject',
      { url, width: { type: 'string', pattern: '^\\d+$' }, height: { type: 'string', pattern: '^\\d+$' } },
      ['url'],
    ),
    WebPage: typed(
      'WebPage',
      { url, name: text, description: text, isPartOf: idRef, about: idRef, primaryImageOfPage: ref('ImageObject'), breadcrumb: idRef },
      ['@id', 'url', 'name', 'description'],
    ),
    ListItem: typed('ListItem', { position: { type: 'integer', minimum: 1 }, name: text, item: url }, ['position', 'name', 'item']),
    BreadcrumbList: typed('BreadcrumbList', { itemListElement: { type: 'array', minItems: 2, items: ref('ListItem') } }, ['itemListElement']),
    PriceSpecification: typed('PriceSpecification', { minPrice: money, priceCurrency: currency }, ['priceCurrency']),
    Offer: typed(
      'Offer',
      { name: text, description: text, price: money, priceCurrency: currency, priceSpecification: ref('PriceSpecification'), url },
      ['name', 'price', 'priceCurrency'],
    ),
    Service: typed(
      'Service',
      { name: text, serviceType: text, description: text, provider: idRef, areaServed: ref('AdministrativeArea'), offers: { type: 'array', minItems: 1, items: ref('Offer') } },
      ['@id', 'name', 'serviceType', 'provider', 'offers'],
    ),
  },
} as const;
