/**
 * A synthetic but plausible IP geolocation set for the demo tenants (no external data ships with the
 * console): one /14-sized block per prefecture, a nationwide mobile carrier block, and a few foreign
 * blocks. The event generator draws its addresses from the same table, so foreignIp fires exactly
 * for the foreign ones.
 */

export interface DemoIpRange {
  start: string;
  end: string;
  countryCode: string;
  countryJName: string;
  countryAName: string;
  prefJName: string | null;
  prefAName: string | null;
  lineJName: string;
  domainName: string;
}

export const PREFECTURES: readonly { ja: string; en: string }[] = [
  { ja: "北海道", en: "Hokkaido" },
  { ja: "青森県", en: "Aomori" },
  { ja: "岩手県", en: "Iwate" },
  { ja: "宮城県", en: "Miyagi" },
  { ja: "秋田県", en: "Akita" },
  { ja: "山形県", en: "Yamagata" },
  { ja: "福島県", en: "Fukushima" },
  { ja: "茨城県", en: "Ibaraki" },
  { ja: "栃木県", en: "Tochigi" },
  { ja: "群馬県", en: "Gunma" },
  { ja: "埼玉県", en: "Saitama" },
  { ja: "千葉県", en: "Chiba" },
  { ja: "東京都", en: "Tokyo" },
  { ja: "神奈川県", en: "Kanagawa" },
  { ja: "新潟県", en: "Niigata" },
  { ja: "富山県", en: "Toyama" },
  { ja: "石川県", en: "Ishikawa" },
  { ja: "福井県", en: "Fukui" },
  { ja: "山梨県", en: "Yamanashi" },
  { ja: "長野県", en: "Nagano" },
  { ja: "岐阜県", en: "Gifu" },
  { ja: "静岡県", en: "Shizuoka" },
  { ja: "愛知県", en: "Aichi" },
  { ja: "三重県", en: "Mie" },
  { ja: "滋賀県", en: "Shiga" },
  { ja: "京都府", en: "Kyoto" },
  { ja: "大阪府", en: "Osaka" },
  { ja: "兵庫県", en: "Hyogo" },
  { ja: "奈良県", en: "Nara" },
  { ja: "和歌山県", en: "Wakayama" },
  { ja: "鳥取県", en: "Tottori" },
  { ja: "島根県", en: "Shimane" },
  { ja: "岡山県", en: "Okayama" },
  { ja: "広島県", en: "Hiroshima" },
  { ja: "山口県", en: "Yamaguchi" },
  { ja: "徳島県", en: "Tokushima" },
  { ja: "香川県", en: "Kagawa" },
  { ja: "愛媛県", en: "Ehime" },
  { ja: "高知県", en: "Kochi" },
  { ja: "福岡県", en: "Fukuoka" },
  { ja: "佐賀県", en: "Saga" },
  { ja: "長崎県", en: "Nagasaki" },
  { ja: "熊本県", en: "Kumamoto" },
  { ja: "大分県", en: "Oita" },
  { ja: "宮崎県", en: "Miyazaki" },
  { ja: "鹿児島県", en: "Kagoshima" },
  { ja: "沖縄県", en: "Okinawa" },
];

const LINES = [
  "NTT東日本 フレッツ",
  "NTT西日本 フレッツ",
  "KDDI auひかり",
  "ソニーネットワーク NURO",
  "JCOM",
];
const DOMAINS = ["ocn.ne.jp", "plala.or.jp", "dion.ne.jp", "so-net.ne.jp", "jcom.home.ne.jp"];

/** Prefecture i (0-based) owns 133.(4i).0.0 - 133.(4i+3).255.255. */
const prefectureRanges: DemoIpRange[] = PREFECTURES.map((pref, i) => ({
  start: `133.${4 * i}.0.0`,
  end: `133.${4 * i + 3}.255.255`,
  countryCode: "JP",
  countryJName: "日本",
  countryAName: "Japan",
  prefJName: pref.ja,
  prefAName: pref.en,
  lineJName: LINES[i % LINES.length] as string,
  domainName: DOMAINS[i % DOMAINS.length] as string,
}));

export const MOBILE_RANGE: DemoIpRange = {
  start: "126.0.0.0",
  end: "126.255.255.255",
  countryCode: "JP",
  countryJName: "日本",
  countryAName: "Japan",
  prefJName: null,
  prefAName: null,
  lineJName: "モバイル回線",
  domainName: "mobile.example.jp",
};

export const FOREIGN_RANGES: readonly DemoIpRange[] = [
  ["23.0.0.0", "23.255.255.255", "US", "アメリカ合衆国", "United States", "cloud-hosting.example.com"],
  ["36.0.0.0", "36.255.255.255", "CN", "中国", "China", "chinanet.example.cn"],
  ["113.160.0.0", "113.191.255.255", "VN", "ベトナム", "Viet Nam", "vnpt.example.vn"],
  ["175.192.0.0", "175.223.255.255", "KR", "韓国", "Korea", "kt.example.kr"],
  ["105.112.0.0", "105.127.255.255", "NG", "ナイジェリア", "Nigeria", "airtel.example.ng"],
  ["95.24.0.0", "95.31.255.255", "RU", "ロシア", "Russia", "beeline.example.ru"],
].map(([start, end, countryCode, countryJName, countryAName, domainName]) => ({
  start: start as string,
  end: end as string,
  countryCode: countryCode as string,
  countryJName: countryJName as string,
  countryAName: countryAName as string,
  prefJName: null,
  prefAName: null,
  lineJName: "海外回線",
  domainName: domainName as string,
}));

export const DEMO_IP_RANGES: readonly DemoIpRange[] = [...prefectureRanges, MOBILE_RANGE, ...FOREIGN_RANGES];

const toNumber = (ip: string): number => ip.split(".").reduce((total, part) => total * 256 + Number(part), 0);
const toIp = (value: number): string =>
  [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join(".");

/** The address at fraction f (0 <= f < 1) of a range; the generator passes its own random numbers. */
export function ipInRange(range: DemoIpRange, fraction: number): string {
  const start = toNumber(range.start);
  const size = toNumber(range.end) - start + 1;
  // Skip .0 and .255 so every address looks like a host.
  const value = start + Math.floor(fraction * size);
  const last = value % 256;
  return toIp(last === 0 || last === 255 ? value - (last === 0 ? -1 : 1) : value);
}

export const prefectureIndexOf = (prefecture: string): number =>
  PREFECTURES.findIndex((pref) => pref.ja === prefecture);
