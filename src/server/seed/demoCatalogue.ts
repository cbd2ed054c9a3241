/** What the demo shop sells: item name, category and price range (yen). */
export interface CatalogueItem {
  shopItemId: string;
  itemName: string;
  category: string;
  minPrice: number;
  maxPrice: number;
}

const item = (
  shopItemId: string,
  itemName: string,
  category: string,
  minPrice: number,
  maxPrice = minPrice,
) => ({
  shopItemId,
  itemName,
  category,
  minPrice,
  maxPrice,
});

/** Everyday goods ordinary customers buy; weights favour cheap, frequent purchases. */
export const EVERYDAY_ITEMS: readonly CatalogueItem[] = [
  item("F-1001", "北海道産 ゆめぴりか 5kg", "食品", 3280),
  item("F-1002", "国産 有機緑茶 ティーバッグ 50袋", "食品", 1280),
  item("F-1003", "ドリップコーヒー 詰め合わせ 40杯分", "食品", 1980),
  item("F-1004", "天然水 2L×9本", "食品", 1180),
  item("F-1005", "信州そば 乾麺 10束", "食品", 2160),
  item("F-1006", "博多 明太子 500g", "食品", 3980),
  item("D-2001", "洗濯洗剤 詰め替え 超特大", "日用品", 698, 898),
  item("D-2002", "ティッシュペーパー 5箱パック", "日用品", 398, 498),
  item("D-2003", "歯ブラシ やわらかめ 10本", "日用品", 880),
  item("D-2004", "食器用洗剤 詰め替え 3個", "日用品", 780),
  item("C-3001", "オールインワンジェル 100g", "コスメ", 2480, 3980),
  item("C-3002", "日焼け止め SPF50+ 60ml", "コスメ", 1650, 2200),
  item("C-3003", "シャンプー＆トリートメント セット", "コスメ", 2980, 4400),
  item("A-4001", "綿100% 長袖Tシャツ", "ファッション", 1990, 2990),
  item("A-4002", "撥水 ウインドブレーカー", "ファッション", 5990, 8990),
  item("A-4003", "ウォーキングシューズ", "ファッション", 6980, 12800),
  item("A-4004", "カシミヤ混 マフラー", "ファッション", 3980, 6980),
  item("B-5001", "文庫本 ミステリー小説", "書籍", 748, 990),
  item("B-5002", "料理レシピ本", "書籍", 1540, 1980),
  item("B-5003", "ビジネス書 ベストセラー", "書籍", 1760, 2200),
  item("S-6001", "ヨガマット 10mm", "スポーツ", 2980, 3980),
  item("S-6002", "ランニングウェア 上下セット", "スポーツ", 6980, 9800),
  item("I-7001", "低反発 枕", "インテリア", 3980, 5980),
  item("I-7002", "遮光カーテン 2枚組", "インテリア", 4980, 7980),
  item("I-7003", "LED デスクライト", "インテリア", 3480, 4980),
  item("E-8001", "ワイヤレスイヤホン", "家電", 7980, 19800),
  item("E-8002", "電気ケトル 1.0L", "家電", 3980, 6980),
  item("E-8003", "ドライヤー 大風量", "家電", 8980, 24800),
  item("E-8004", "ロボット掃除機", "家電", 29800, 69800),
];

/** What fraud goes for: resellable electronics, pre-orders and cashable gift cards. */
export const RISKY_ITEMS: readonly CatalogueItem[] = [
  item("E-9001", "iPhone 16 Pro 256GB", "家電", 159_800, 174_800),
  item("E-9002", "iPhone 16 128GB", "家電", 124_800),
  item("E-9003", "ノートPC 16インチ Core i7", "家電", 198_000, 248_000),
  item("E-9004", "デジタル一眼カメラ ボディ", "家電", 128_000, 268_000),
  item("G-9101", "【予約】次世代ゲーム機 本体", "ゲーム機", 54_978, 66_978),
  item("G-9102", "携帯ゲーム機 有機ELモデル", "ゲーム機", 37_980),
  item("K-9201", "Amazonギフトカード 10,000円分", "ギフトカード", 10_000),
  item("K-9202", "Apple Gift Card 5,000円分", "ギフトカード", 5_000),
  item("K-9203", "電子マネー チャージコード 3,000円分", "ギフトカード", 3_000),
  item("K-9204", "プリペイドカード 1,000円分", "ギフトカード", 1_000),
];

export const DELIVERY_COMPANIES = ["ヤマト運輸", "佐川急便", "日本郵便", "西濃運輸"] as const;
