// Reference data: the product catalogue and deal stages (from @app/shared, the single source of
// truth), the career listings and the team. Every write is an upsert on a stable key, so the seed
// can run any number of times. CLI: `DATABASE_URL=... tsx prisma/seed.ts`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUE, type ProductType as CatalogueProductType } from '@app/shared/catalogue';
import { DEAL_STAGES, HISTORY_STAGES } from '@app/shared/deal-stages';
import { closePrismaClient, createPrismaClient, type Db } from './client';
import {
  CareerIcon,
  CareerStatus,
  ProductType,
  ProductUnit,
  TeamMemberKind,
  type Prisma,
} from './generated/client';

const PRODUCT_TYPES: Record<CatalogueProductType, ProductType> = {
  Service: ProductType.Service,
  Subscription: ProductType.Subscription,
  'Add On': ProductType.AddOn,
};

type CareerSeed = Omit<Prisma.CareerListingCreateInput, 'sortOrder'>;

export const CAREER_LISTINGS: readonly CareerSeed[] = [
  {
    slug: 'residential-cleaning-technician',
    title: 'Residential Cleaning Technician',
    description:
      'Clean homes across the Atlanta metro to our basic and deep clean checklists. Paid training, ' +
      'supplies provided, weekday schedule with optional Saturdays.',
    location: 'Atlanta metro, GA',
    type: 'Full-time',
    status: CareerStatus.Open,
    icon: CareerIcon.Default,
  },
  {
    slug: 'move-out-specialist',
    title: 'Move-Out Specialist',
    description:
      'Lead move in/out cleans for tenants, landlords and realtors: empty homes, inside appliances ' +
      'and cabinets, haul-away of left-behind items. Valid driver licence required.',
    location: 'Atlanta metro, GA',
    type: 'Full-time',
    status: CareerStatus.Open,
    icon: CareerIcon.Truck,
  },
  {
    slug: 'part-time-cleaning-technician',
    title: 'Part-Time Cleaning Technician',
    description: 'Flexible shifts on recurring cleans in Decatur, Marietta and Sandy Springs. Great for students.',
    location: 'Decatur, GA',
    type: 'Part-time',
    status: CareerStatus.Open,
    icon: CareerIcon.Default,
  },
  {
    slug: 'office-coordinator',
    title: 'Office Coordinator',
    description: 'Answer customer calls, confirm appointments and keep the cleaning calendar running smoothly.',
    location: 'Atlanta, GA',
    type: 'Part-time',
    status: CareerStatus.Closed,
    icon: CareerIcon.Default,
  },
];

type TeamSeed = Omit<Prisma.TeamMemberCreateInput, 'sortOrder'>;

export const TEAM_MEMBERS: readonly TeamSeed[] = [
  {
    slug: 'founder',
    name: 'Danielle Brooks',
    role: 'Owner & Founder',
    bio: 'Danielle started the company to bring hotel-standard cleaning to Atlanta homes, and still walks every new home herself.',
    kind: TeamMemberKind.owner,
    enabled: true,
  },
  {
    slug: 'lead-technician',
    name: 'Marcus Reed',
    role: 'Lead Cleaning Technician',
    bio: 'Marcus trains every new technician and keeps our deep clean checklist sharp.',
    kind: TeamMemberKind.lead_technician,
    enabled: true,
  },
  {
    slug: 'move-partner',
    name: 'Keisha Thompson',
    role: 'Move In/Out Partner',
    bio: 'Keisha coordinates move in/out cleans with landlords, property managers and realtors.',
    kind: TeamMemberKind.partner,
    enabled: true,
  },
  {
    slug: 'placeholder-cleaning-technician',
    name: 'Coming soon',
    role: 'Cleaning Technician',
    bio: 'We are hiring: this could be you.',
    kind: TeamMemberKind.placeholder,
    enabled: false,
  },
  {
    slug: 'placeholder-customer-care',
    name: 'Coming soon',
    role: 'Customer Care Specialist',
    bio: 'We are hiring: this could be you.',
    kind: TeamMemberKind.placeholder,
    enabled: false,
  },
];

export interface SeedCounts {
  products: number;
  dealStages: number;
  careerListings: number;
  teamMembers: number;
}

/** Loads (or refreshes) all reference data in one transaction. Safe to run repeatedly. */
export async function seed(db: Db): Promise<SeedCounts> {
  return db.$transaction(
    async (tx) => {
      for (const [displayOrder, p] of CATALOGUE.entries()) {
        const data = {
          name: p.name,
          type: PRODUCT_TYPES[p.type],
          minSqft: p.minSqft,
          maxSqft: p.maxSqft,
          priceCents: p.priceCents,
          unit: p.unit === 'hour' ? ProductUnit.hour : ProductUnit.visit,
          displayOrder,
        };
        // hubspotProductId is left alone: the CRM sync owns it.
        await tx.product.upsert({ where: { id: p.id }, create: { id: p.id, ...data }, update: data });
      }

      for (const [displayOrder, s] of DEAL_STAGES.entries()) {
        const data = { label: s.label, displayOrder, isHistory: HISTORY_STAGES.has(s.id) };
        await tx.dealStage.upsert({ where: { id: s.id }, create: { id: s.id, ...data }, update: data });
      }

      for (const [sortOrder, listing] of CAREER_LISTINGS.entries()) {
        const data = { ...listing, sortOrder };
        await tx.careerListing.upsert({ where: { slug: listing.slug }, create: data, update: data });
      }

      for (const [sortOrder, member] of TEAM_MEMBERS.entries()) {
        const data = { ...member, sortOrder };
        await tx.teamMember.upsert({ where: { slug: member.slug }, create: data, update: data });
      }

      return {
        products: CATALOGUE.length,
        dealStages: DEAL_STAGES.length,
        careerListings: CAREER_LISTINGS.length,
        teamMembers: TEAM_MEMBERS.length,
      };
    },
    { timeout: 30_000 },
  );
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set (e.g. postgresql://postgres@127.0.0.1:5432/cleaning_dev)');
  const db = createPrismaClient(url, { applicationName: 'seed' });
  try {
    const counts = await seed(db);
    console.log(
      `Seeded ${counts.products} products, ${counts.dealStages} deal stages, ` +
        `${counts.careerListings} career listings, ${counts.teamMembers} team members.`,
    );
  } finally {
    await closePrismaClient(db);
  }
}

// Run main() only when this file itself is the entry point (tsx prisma/seed.ts), never when the
// module is imported, including from a bundle (where import.meta.url is the bundle's own file).
const thisFile = fileURLToPath(import.meta.url);
const invokedDirectly =
  /^seed\.[cm]?[jt]s$/.test(path.basename(thisFile)) &&
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === thisFile;
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
