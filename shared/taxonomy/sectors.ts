/**
 * The default sectors (taxonomy version {@link TAXONOMY_VERSION}): one clean list as founders and
 * investors name sectors, each with the other spellings sources use for it. The stored value of a
 * sector is its label in lower case (`normalizeTag`), so links (`?sectorFocus=fintech`), tag
 * postings and counters keep their shape; `tagLabel` of that value gives the label back (a test).
 * Admins add synonyms and sectors on top of this list (stored in the table, docs/data-model.md).
 */
export interface TaxonomyEntrySeed {
  label: string;
  synonyms: readonly string[];
  /**
   * The sectors nearest it (labels), offered beside it when no investor carries it: a founder in
   * Hardware is shown Robotics and Deep Tech, which investors do list.
   */
  near?: readonly string[];
}

/** Bumped when the default lists change, so a re-map can be asked for (docs/operations.md). */
export const TAXONOMY_VERSION = 1;

export const DEFAULT_SECTORS: readonly TaxonomyEntrySeed[] = [
  {
    label: 'Fintech',
    synonyms: [
      'fin tech',
      'fintech (payments, lending)',
      'financial technology',
      'financial services',
      'payments',
      'lending',
      'banking',
      'neobank',
      'neobanking',
      'wealthtech',
      'wealth management',
      'regtech',
      'embedded finance',
    ],
  },
  {
    label: 'AI',
    synonyms: [
      'ai/ml',
      'ai ml',
      'ml',
      'artificial intelligence',
      'machine learning',
      'deep learning',
      'generative ai',
      'genai',
      'llm',
      'llms',
      'computer vision',
      'nlp',
      'ai / machine learning',
    ],
  },
  {
    label: 'Climate',
    synonyms: [
      'climate tech',
      'climatetech',
      'cleantech',
      'clean tech',
      'sustainability',
      'carbon',
      'carbon removal',
      'decarbonization',
      'circular economy',
      'greentech',
      'green tech',
    ],
  },
  {
    label: 'Energy',
    synonyms: [
      'renewable energy',
      'renewables',
      'solar',
      'energy storage',
      'batteries',
      'energy tech',
      'power',
    ],
  },
  {
    label: 'Health',
    synonyms: [
      'healthcare',
      'health care',
      'health tech',
      'healthtech',
      'digital health',
      'medtech',
      'med tech',
      'medical devices',
      'telehealth',
      'telemedicine',
      'mental health',
      'wellness',
    ],
  },
  {
    label: 'Biotech',
    synonyms: [
      'biotechnology',
      'bio tech',
      'life sciences',
      'therapeutics',
      'pharma',
      'pharmaceuticals',
      'drug discovery',
      'biopharma',
      'synthetic biology',
    ],
  },
  {
    label: 'SaaS',
    synonyms: [
      'saas / enterprise software',
      'enterprise software',
      'enterprise',
      'b2b software',
      'b2b saas',
      'enterprise saas',
      'software',
      'software as a service',
    ],
  },
  {
    label: 'Consumer',
    synonyms: [
      'consumer tech',
      'consumer internet',
      'consumer apps',
      'b2c',
      'd2c',
      'dtc',
      'direct to consumer',
      'consumer goods',
      'cpg',
      'consumer products',
    ],
  },
  { label: 'Marketplaces', synonyms: ['marketplace', 'online marketplaces', 'two-sided marketplaces'] },
  {
    label: 'E-Commerce',
    synonyms: ['ecommerce', 'e commerce', 'online retail', 'retail', 'retail tech', 'retailtech', 'commerce'],
    near: ['Marketplaces', 'Consumer', 'Logistics'],
  },
  {
    label: 'Deep Tech',
    synonyms: ['deeptech', 'frontier tech', 'frontier technology', 'quantum', 'quantum computing'],
  },
  {
    label: 'Web3',
    synonyms: [
      'web 3',
      'web3/crypto',
      'crypto',
      'cryptocurrency',
      'blockchain',
      'defi',
      'nft',
      'nfts',
      'digital assets',
      'dao',
    ],
  },
  {
    label: 'Edtech',
    synonyms: ['ed tech', 'education', 'education technology', 'e-learning', 'elearning', 'learning', 'edu'],
  },
  {
    label: 'Proptech',
    synonyms: [
      'prop tech',
      'real estate',
      'real estate tech',
      'construction tech',
      'contech',
      'construction',
      'property',
    ],
  },
  {
    label: 'Mobility',
    synonyms: [
      'transportation',
      'transport',
      'automotive',
      'electric vehicles',
      'ev',
      'evs',
      'autonomous vehicles',
      'micromobility',
      'mobility tech',
    ],
  },
  {
    label: 'Cybersecurity',
    synonyms: ['cyber security', 'security', 'infosec', 'information security', 'cyber', 'cybersec'],
  },
  {
    label: 'Developer Tools',
    synonyms: [
      'devtools',
      'dev tools',
      'developer tooling',
      'developer platforms',
      'open source',
      'api',
      'apis',
    ],
  },
  {
    label: 'Cloud Infrastructure',
    synonyms: ['infrastructure', 'infra', 'cloud', 'devops', 'cloud computing'],
    near: ['Developer Tools', 'SaaS', 'Cybersecurity'],
  },
  {
    label: 'Data & Analytics',
    synonyms: [
      'data',
      'analytics',
      'big data',
      'data infrastructure',
      'business intelligence',
      'data and analytics',
    ],
    near: ['AI', 'SaaS', 'Developer Tools'],
  },
  { label: 'Gaming', synonyms: ['games', 'video games', 'esports', 'e-sports', 'game studios', 'gametech'] },
  {
    label: 'Food & Agriculture',
    synonyms: [
      'food and agriculture',
      'foodtech',
      'food tech',
      'agtech',
      'ag tech',
      'agritech',
      'agriculture',
      'food',
      'food and beverage',
      'f&b',
    ],
  },
  {
    label: 'Industrial',
    synonyms: ['industrials', 'manufacturing', 'industry 4.0', 'industrial tech', 'advanced manufacturing'],
    near: ['Robotics', 'Deep Tech', 'Logistics'],
  },
  { label: 'Robotics', synonyms: ['robots', 'automation', 'robotics and automation', 'drones'] },
  {
    label: 'Space',
    synonyms: ['space tech', 'spacetech', 'aerospace', 'satellites', 'new space', 'newspace'],
  },
  {
    label: 'Hardware',
    synonyms: ['hardware tech', 'consumer hardware', 'devices', 'iot', 'internet of things'],
    near: ['Robotics', 'Deep Tech', 'Consumer'],
  },
  {
    label: 'Semiconductors',
    synonyms: ['chips', 'semis', 'semiconductor', 'silicon'],
    near: ['Deep Tech', 'AI', 'Hardware'],
  },
  {
    label: 'Materials',
    synonyms: ['advanced materials', 'new materials', 'chemicals', 'materials science'],
    near: ['Deep Tech', 'Climate', 'Energy'],
  },
  {
    label: 'Media',
    synonyms: [
      'media and entertainment',
      'media & entertainment',
      'entertainment',
      'content',
      'digital media',
      'creator economy',
      'creators',
      'music',
      'publishing',
    ],
  },
  {
    label: 'HR Tech',
    synonyms: [
      'hr',
      'hrtech',
      'human resources',
      'future of work',
      'work tech',
      'worktech',
      'recruiting',
      'hiring',
      'talent',
    ],
  },
  { label: 'Legal Tech', synonyms: ['legaltech', 'legal', 'law', 'law tech'] },
  { label: 'Insurtech', synonyms: ['insurance', 'insurance tech', 'insur tech'] },
  {
    label: 'Logistics',
    synonyms: ['supply chain', 'shipping', 'freight', 'delivery', 'logistics tech', 'last mile'],
  },
  {
    label: 'Marketing Tech',
    synonyms: ['martech', 'mar tech', 'adtech', 'ad tech', 'advertising', 'marketing'],
    near: ['SaaS', 'Media', 'Consumer'],
  },
  {
    label: 'Social',
    synonyms: ['social media', 'social networks', 'social network', 'community'],
    near: ['Consumer', 'Media', 'Gaming'],
  },
  {
    label: 'Travel & Hospitality',
    synonyms: ['travel', 'hospitality', 'traveltech', 'travel tech', 'travel and hospitality', 'tourism'],
    near: ['Consumer', 'Marketplaces', 'Mobility'],
  },
  {
    label: 'Sports & Fitness',
    synonyms: ['sports', 'fitness', 'sportstech', 'sports tech', 'sports and fitness'],
    near: ['Health', 'Consumer', 'Media'],
  },
  {
    label: 'Fashion & Beauty',
    synonyms: ['fashion', 'beauty', 'apparel', 'fashion and beauty'],
    near: ['Consumer', 'E-Commerce', 'Marketplaces'],
  },
  {
    label: 'Govtech',
    synonyms: ['gov tech', 'government', 'public sector', 'civic tech', 'civictech'],
    near: ['SaaS', 'Cybersecurity', 'Legal Tech'],
  },
  {
    label: 'Defense',
    synonyms: ['defence', 'defense tech', 'defence tech', 'national security', 'dual use'],
    near: ['Deep Tech', 'Cybersecurity', 'Space'],
  },
  {
    label: 'Telecom',
    synonyms: ['telecommunications', 'telco', '5g', 'connectivity'],
    near: ['Deep Tech', 'Cloud Infrastructure', 'Mobility'],
  },
  {
    label: 'Impact',
    synonyms: ['social impact', 'impact investing', 'esg', 'impact tech'],
    near: ['Climate', 'Health', 'Edtech'],
  },
  {
    label: 'Femtech',
    synonyms: ['fem tech', "women's health", 'womens health'],
    near: ['Health', 'Biotech', 'Consumer'],
  },
  {
    label: 'AR/VR',
    synonyms: ['ar', 'vr', 'xr', 'augmented reality', 'virtual reality', 'metaverse', 'spatial computing'],
    near: ['Gaming', 'Media', 'Deep Tech'],
  },
  {
    label: 'Mobile',
    synonyms: ['mobile apps', 'apps', 'mobile first'],
    near: ['Consumer', 'SaaS', 'Gaming'],
  },
  {
    label: 'Productivity',
    synonyms: [
      'collaboration',
      'productivity tools',
      'workflow',
      'no-code',
      'low-code',
      'no code',
      'low code',
    ],
    near: ['SaaS', 'Developer Tools', 'HR Tech'],
  },
  {
    label: 'Generalist',
    synonyms: [
      'sector agnostic',
      'agnostic',
      'all sectors',
      'industry agnostic',
      'generalists',
      'any sector',
    ],
  },
];

/** The default stages, in the founders' order (shared/tags/display.ts lists stages in this order). */
export const DEFAULT_STAGES: readonly TaxonomyEntrySeed[] = [
  {
    label: 'Pre-Seed',
    synonyms: ['preseed', 'pre seed', 'angel', 'angel round', 'friends and family', 'idea stage', 'idea'],
  },
  { label: 'Seed', synonyms: ['seed stage', 'seed round', 'early stage', 'early-stage', 'early'] },
  { label: 'Series A', synonyms: ['series-a', 'seriesa', 'series a round', 'round a', 'a round'] },
  { label: 'Series B', synonyms: ['series-b', 'seriesb', 'series b round', 'round b', 'b round'] },
  {
    label: 'Series C+',
    synonyms: [
      'series c',
      'series-c',
      'seriesc',
      'series d',
      'series e',
      'series c and beyond',
      'series c+ round',
    ],
  },
  {
    label: 'Growth',
    synonyms: [
      'growth stage',
      'growth equity',
      'late stage',
      'late-stage',
      'later stage',
      'pre-ipo',
      'expansion',
    ],
  },
];

/** The stored values of the default stages, in order (the portal's stage list; a test checks they match). */
export const STAGE_VALUES = ['pre-seed', 'seed', 'series a', 'series b', 'series c+', 'growth'] as const;
