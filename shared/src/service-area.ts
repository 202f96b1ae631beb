/**
 * The fixed service area of docs/product.md §9: Atlanta-metro Georgia zip codes and a few Alabama
 * zips near the state line. Delivery zips only (PO-box-only codes are left out: nobody
 * lives at a PO box). Grouped by county for review; a zip shared by two counties is
 * listed once, under the first.
 */
const GEORGIA = {
  fultonAtlanta: [
    '30303', '30305', '30306', '30307', '30308', '30309', '30310', '30311', '30312', '30313',
    '30314', '30315', '30316', '30317', '30318', '30319', '30324', '30326', '30327', '30328',
    '30331', '30336', '30337', '30342', '30344', '30349', '30350', '30354', '30363',
  ],
  fultonNorth: ['30004', '30005', '30009', '30022', '30075', '30076', '30097'],
  fultonSouth: ['30213', '30268', '30291'],
  dekalb: [
    '30002', '30021', '30030', '30032', '30033', '30034', '30035', '30038', '30058', '30079',
    '30083', '30084', '30087', '30088', '30294', '30322', '30329', '30338', '30340', '30341',
    '30345', '30346', '30360',
  ],
  cobb: [
    '30008', '30060', '30062', '30064', '30066', '30067', '30068', '30080', '30082', '30101',
    '30102', '30106', '30111', '30126', '30127', '30144', '30152', '30168', '30339',
  ],
  gwinnett: [
    '30017', '30019', '30024', '30039', '30043', '30044', '30045', '30046', '30047', '30071',
    '30078', '30092', '30093', '30096', '30518', '30519',
  ],
  clayton: ['30236', '30238', '30250', '30260', '30273', '30274', '30288', '30296', '30297'],
  cherokee: ['30107', '30114', '30115', '30183', '30188', '30189'],
  forsyth: ['30028', '30040', '30041'],
  henry: ['30228', '30248', '30252', '30253', '30281'],
  douglas: ['30122', '30134', '30135', '30187'],
  fayette: ['30205', '30214', '30215', '30269', '30290'],
  rockdale: ['30012', '30013', '30094'],
  paulding: ['30132', '30141', '30157'],
  newton: ['30014', '30016', '30054', '30055', '30056'],
  coweta: ['30220', '30229', '30259', '30263', '30265', '30276', '30277'],
  walton: ['30025', '30052', '30641', '30655', '30656'],
  barrow: ['30011', '30620', '30666', '30680'],
  bartow: ['30103', '30120', '30121', '30137', '30145', '30178', '30184'],
  carroll: ['30108', '30116', '30117', '30118', '30170', '30179', '30180', '30182', '30185'],
  haralson: ['30110'],
  hall: ['30501', '30504', '30506', '30507', '30527', '30542', '30543', '30554', '30566'],
  jackson: ['30517', '30529', '30548', '30549', '30567', '30575'],
  dawson: ['30534'],
  pickens: ['30143', '30175'],
  spalding: ['30223', '30224'],
  butts: ['30233'],
  lamar: ['30204'],
  pike: ['30292', '30295'],
  meriwether: ['30218', '30222'],
  troup: ['30240', '30241'],
  heard: ['30217'],
  polk: ['30125', '30153'],
  morgan: ['30650', '30663'],
  oconee: ['30622', '30677'],
  clarke: ['30601', '30605', '30606', '30607'],
} as const;

const ALABAMA = {
  chambers: ['36854', '36862', '36863'],
  lee: ['36801', '36804', '36830', '36832'],
  russell: ['36867', '36869', '36870'],
  calhoun: ['36201', '36203', '36206', '36207', '36265', '36272'],
  cleburne: ['36264'],
  randolph: ['36274', '36278'],
  cherokee: ['35960'],
  dekalb: ['35967'],
} as const;

/** Object.freeze alone does not stop Set.add, so the mutators are replaced before freezing. */
function frozenSet<T>(values: Iterable<T>): ReadonlySet<T> {
  const set = new Set(values);
  const refuse = (): never => {
    throw new TypeError('The service area is fixed');
  };
  Object.assign(set, { add: refuse, delete: refuse, clear: refuse });
  return Object.freeze(set);
}

/** The service area's zips by state (two-letter code), for search engines' areaServed. */
export const SERVICE_AREA_BY_STATE: Readonly<Record<'GA' | 'AL', readonly string[]>> = Object.freeze({
  GA: Object.freeze(Object.values(GEORGIA).flat()),
  AL: Object.freeze(Object.values(ALABAMA).flat()),
});

export const SERVICE_AREA_ZIPS: ReadonlySet<string> = frozenSet([
  ...Object.values(GEORGIA).flat(),
  ...Object.values(ALABAMA).flat(),
]);

/** True when the 5-digit zip is in the fixed service area. */
export function isServedZip(zip: string): boolean {
  return SERVICE_AREA_ZIPS.has(zip);
}
