"""What the book's PDF and the print sheets draw with, on ReportLab: paragraph styles and
hyphenation (`styles`, `hyphenation`), SVG figures as flowables (`figures`), the themes'
ornaments (`ornament`) and the print-shop colour and PDF/X conversion with its ICC profile
(`press`, `icc/`). Neither renderer imports the other; both import this."""
