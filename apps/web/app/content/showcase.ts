/**
 * Startup names of /start-up-showcase (the spec: '2023 Startup Showcase', a static list of about 37
 * names in four columns). The spec does not list the names: these are invented sample names.
 */
import type { Showcase } from './schemas';

export const showcase: Showcase = {
  sample: true,
  names: [
    'AgroNest Labs',
    'KhetiSense',
    'GramPay',
    'MittiCare',
    'NeerFlow',
    'Annapurna Foods',
    'RuralRx',
    'VidyaVan',
    'SolarSetu',
    'DairyDirect',
    'KisanKart',
    'HaritGrid',
    'PashuHealth',
    'BeejBank',
    'SwasthGram',
    'JalMitra',
    'CropCredit',
    'KrishiLens',
    'GaonConnect',
    'TiffinTrail',
    'MandiMap',
    'SeedSprint',
    'ArogyaLink',
    'ShikshaBox',
    'FarmFresh Route',
    'UrjaKit',
    'LoomLane',
    'PaniPure',
    'BharatBazaar',
    'KhadiCraft',
    'NanoNutri',
    'RainReady',
    'CoopLedger',
    'SpiceTrace',
    'AgriDrone Works',
    'MediMile',
    'SkillSetu',
  ],
};
