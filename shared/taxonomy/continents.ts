/**
 * The continent of each country, by ISO 3166-1 alpha-2 code, as countries-list has it (its
 * `continent` field, the only one the taxonomy uses): the places' regions are built from it. Kept
 * here, the codes only, because countries-list's `countries` is 37 KB of facts (capitals, currencies,
 * phone codes, languages) in every bundle that reads a place, which is every search. The unit test
 * `test/unit/taxonomy/continents.test.ts` checks this table against the library, so upgrading
 * countries-list shows any change; `npx tsx scripts/continents.ts` prints the table again.
 */
export const COUNTRIES_BY_CONTINENT: Readonly<Record<string, string>> = {
  AF: 'AC AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TA TD TG TN TZ UG YT ZA ZM ZW',
  AN: 'AQ BV GS HM TF',
  AS: 'AE AF AM AZ BD BH BN BT CC CN CX GE HK ID IL IN IO IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV MY NP OM PH PK PS QA RU SA SG SY TH TJ TM TR TW UZ VN YE',
  EU: 'AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS SE SI SJ SK SM UA VA XK',
  NA: 'AG AI AW BB BL BM BQ BS BZ CA CR CU CW DM DO GD GL GP GT HN HT JM KN KY LC MF MQ MS MX NI PA PM PR SV SX TC TT US VC VG VI',
  OC: 'AS AU CK FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TL TO TV UM VU WF WS',
  SA: 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE',
};

/** The continent code of a country (`EU`, `AS`…), or null for a code the table does not hold. */
export function continentOf(code: string): string | null {
  return continents.get(code) ?? null;
}

const continents = new Map(
  Object.entries(COUNTRIES_BY_CONTINENT).flatMap(([continent, codes]) =>
    codes.split(' ').map((code) => [code, continent] as const),
  ),
);
