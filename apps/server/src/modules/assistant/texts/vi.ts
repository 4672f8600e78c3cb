import type { AssistantTexts } from './types.ts';

/** What the built-in assistant says in Vietnamese. */
export const vi: AssistantTexts = {
  safety: {
    gas_leak:
      'Nếu bạn ngửi thấy mùi gas, hãy rời đi ngay và đưa mọi người đi cùng. Đừng bật hay tắt đèn hoặc các ' +
      'thiết bị điện, đừng dùng bật lửa hay diêm, và đừng dùng điện thoại cho đến khi đã ra bên ngoài. ' +
      'Đừng tìm chỗ rò rỉ. Nếu có thể, hãy để cửa mở khi đi ra. Khi đã ở bên ngoài và cách xa tòa nhà, hãy ' +
      'gọi số khẩn cấp của công ty gas hoặc 911. Đừng quay vào trong cho đến khi công ty gas hoặc sở cứu ' +
      'hỏa nói là đã an toàn.',
    fire_smoke:
      'Nếu có lửa hoặc khói, hãy ra ngoài ngay và gọi 911 khi đã ở bên ngoài. Báo cho người khác trên ' +
      'đường ra và kéo chuông báo cháy nếu có. Đừng đi thang máy. Trước khi mở một cánh cửa đang đóng, hãy ' +
      'sờ cửa bằng mu bàn tay: nếu cửa nóng, hãy đi lối khác. Cúi thấp người xuống dưới lớp khói và đóng ' +
      'cửa lại sau lưng. Chỉ thử dập một đám cháy rất nhỏ nếu bạn có bình chữa cháy và có lối thoát thông ' +
      'thoáng; nếu không, hãy ra ngoài. Đừng quay vào trong.',
    flooding:
      'Tránh xa chỗ nước ở gần ổ cắm điện, thiết bị điện, dây điện nối dài hoặc tủ điện, và đừng lội qua ' +
      'nước nếu nước có thể chạm vào điện. Nếu có thể đến đó an toàn, hãy khóa nước ở van bên dưới bồn ' +
      'rửa, bồn cầu hoặc thiết bị, hoặc ở van nước tổng của nhà bạn. Nếu có thể làm mà không phải đứng ' +
      'trong nước, hãy ngắt cầu dao của khu vực bị ướt. Đừng vào phòng nào có trần nhà bị võng hoặc phồng ' +
      'lên. Nếu có ai đang gặp nguy hiểm, hãy gọi 911.',
    electrical_hazard:
      'Tránh xa ổ cắm, công tắc hoặc dây điện hở đang tóe lửa, và giữ trẻ em cùng thú cưng tránh xa. Đừng ' +
      'chạm vào chúng, hay bất cứ thứ gì đang chạm vào chúng, và tuyệt đối không dội nước lên chúng. Nếu ' +
      'bạn có thể đến tủ điện một cách an toàn, với tay khô và sàn khô, hãy ngắt cầu dao của khu vực đó ' +
      'hoặc cầu dao tổng. Nếu bạn thấy khói hoặc lửa, hoặc mùi khét nặng hơn, hãy ra ngoài và gọi 911 từ ' +
      'bên ngoài. Nếu có người bị điện giật, đừng chạm vào người đó khi họ có thể vẫn còn chạm vào nguồn ' +
      'điện; hãy gọi 911.',
    no_heat_freezing:
      'Trong lúc không có sưởi, hãy giữ ấm cho mọi người: mặc nhiều lớp áo, đắp chăn, và ở chung một phòng ' +
      'đóng kín cửa. Chỉ dùng máy sưởi được làm để dùng trong nhà, đặt máy cách mọi thứ có thể bắt lửa 3 ' +
      'feet (1 m), và tắt máy khi đi ngủ hoặc ra ngoài. Tuyệt đối không sưởi nhà bằng lò nướng, bếp nấu, ' +
      'bếp nướng ngoài trời hoặc máy phát điện: chúng có thể gây ngộ độc khí CO (carbon monoxide). Để ống ' +
      'nước không bị đóng băng, hãy để vòi nước nhỏ giọt và mở cửa tủ bên dưới bồn rửa. Nếu có ai bị rất ' +
      'lạnh, lú lẫn hoặc không khỏe (nhất là em bé, người lớn tuổi hoặc người đang bệnh), hãy đến nơi ấm ' +
      'áp, và gọi 911 nếu người đó cần trợ giúp y tế.',
    carbon_monoxide:
      'Chuông báo khí CO (carbon monoxide) kêu nghĩa là phải ra ngoài ngay: đưa mọi người, cả thú cưng, ra ' +
      'ngoài trời nơi có không khí trong lành ngay lập tức. Đừng dừng lại để mở cửa sổ hay tìm nguyên ' +
      'nhân. Gọi 911 hoặc sở cứu hỏa khi đã ở bên ngoài. Nếu có ai bị nhức đầu, chóng mặt, buồn nôn, lú ' +
      'lẫn hoặc buồn ngủ, hãy báo cho nhân viên tổng đài: người có các dấu hiệu này cần trợ giúp y tế. ' +
      'Đừng quay vào trong cho đến khi sở cứu hỏa nói là đã an toàn, kể cả khi chuông báo đã ngừng kêu.',
    injury:
      'Nếu có người bị thương, hãy gọi 911 ngay nếu có thể là nghiêm trọng: chảy máu nhiều, bị thương ở ' +
      'đầu, khó thở, không phản ứng, không cử động được, hoặc có thể bị gãy xương. Đừng di chuyển người bị ' +
      'thương, trừ khi họ đang gặp nguy hiểm ở chỗ đó. Dùng một miếng vải sạch ấn chặt lên chỗ chảy máu. Ở ' +
      'bên cạnh họ cho đến khi có người đến cứu; nếu họ không thở và bạn biết cách làm, hãy bắt đầu hồi ' +
      'sức tim phổi (CPR). Giữ những người khác tránh xa thứ đã gây ra chấn thương.',
    person_trapped:
      'Nếu có người bị kẹt và đang gặp nguy hiểm — không có không khí, có khói, nước đang dâng lên, là trẻ ' +
      'em hoặc người không khỏe — hãy gọi 911 ngay. Người bị kẹt trong thang máy nên bấm nút báo động hoặc ' +
      'nút gọi, giữ bình tĩnh và ở yên bên trong: đừng cố ép mở cửa hoặc trèo ra ngoài, và đừng để ai ở ' +
      'bên ngoài cạy cửa ra. Nói chuyện với người đó qua cánh cửa và giúp họ giữ bình tĩnh cho đến khi có ' +
      'người đến cứu. Nếu có trẻ em bị khóa trong xe hơi hoặc trong phòng, hãy gọi 911 ngay lập tức.',
    structural_danger:
      'Đưa mọi người ra khỏi phòng, và ra khỏi tòa nhà nếu tường, sàn, ban công hoặc cầu thang đang xê ' +
      'dịch, nứt ra hoặc sụp xuống. Đừng đứng dưới trần nhà đang bị võng, phồng lên hoặc nhỏ nước, và đừng ' +
      'chọc vào đó. Nếu có nước, chỉ ngắt điện khu vực đó khi bạn có thể đến cầu dao mà không phải đi qua ' +
      'bên dưới chỗ trần đó hoặc đứng trong nước. Nếu có người bị thương hoặc bị kẹt, hoặc tòa nhà có thể ' +
      'bị sập, hãy gọi 911.',
    break_in:
      'Nếu có người đang đột nhập hoặc đã vào trong nhà, hãy đến nơi an toàn: rời đi nếu bạn có thể làm ' +
      'vậy một cách an toàn, hoặc khóa mình trong một phòng, giữ im lặng và gọi 911. Đừng đối đầu với kẻ ' +
      'đột nhập. Khi đã an toàn, hãy cho nhân viên tổng đài biết địa chỉ và số căn hộ của bạn, và đừng cúp ' +
      'máy. Đừng chạm vào bất cứ thứ gì kẻ đột nhập có thể đã chạm vào cho đến khi cảnh sát đã đến.',
  },
  questions: {
    what: 'Vấn đề là gì? Hãy cho tôi biết thứ gì bị hỏng hoặc không hoạt động.',
    where: 'Vấn đề ở đâu: trong nhà bạn (phòng nào?) hay ở khu vực chung (khu vực nào?)?',
    urgency:
      'Việc này gấp đến mức nào? Tình trạng có đang tệ hơn, hoặc khiến bạn không dùng được thứ gì không, ' +
      'hay có thể đợi vài ngày?',
    entry: 'Nếu bạn không có nhà, đội bảo trì của chúng tôi có được phép vào nhà bạn để sửa không?',
  },
  statusNames: {
    new: 'đã tiếp nhận',
    pending: 'đang chờ',
    in_progress: 'đang thực hiện',
    completed: 'đã hoàn tất',
    cancelled: 'đã hủy',
  },
  replies: {
    created: (ref, summary, manager) =>
      `Cảm ơn bạn — tôi đã mở phiếu công việc ${ref} ("${summary}"). ${manager ? `${manager}, người quản lý khu nhà của bạn,` : 'Người quản lý khu nhà của bạn'} đã được thêm vào phòng trao đổi của phiếu này, nơi bạn có thể theo dõi tiến độ và trò chuyện với những người đang xử lý.`,
    emergencyCreated: (ref, manager) =>
      `Tôi đã mở phiếu công việc khẩn cấp ${ref} và đã báo ngay cho ${manager ?? 'người quản lý của bạn'}. Hãy làm theo các bước an toàn ở trên trước; bạn có thể theo dõi phiếu công việc trong phòng trao đổi của phiếu.`,
    escalated: (manager) =>
      `Tôi đã nhờ ${manager ?? 'người quản lý của bạn'} vào hỗ trợ. Họ sẽ trả lời bạn trong phòng trao đổi sớm nhất có thể.`,
    noProperty:
      'Tôi có thể mở yêu cầu bảo trì cho cư dân của một khu nhà. Tài khoản của bạn chưa được liên kết với căn hộ nào, nên tôi chưa tạo gì cả — vui lòng liên hệ người quản lý của bạn.',
    photosAdded: (ref) =>
      `Cảm ơn bạn — ảnh của bạn đã được đính kèm vào phiếu công việc ${ref}, nơi người quản lý và nhà thầu có thể xem.`,
    photosWhat:
      'Cảm ơn bạn đã gửi ảnh. Vấn đề là gì và ở đâu? Hãy cho tôi biết vài chữ, tôi sẽ mở một yêu cầu kèm ảnh của bạn.',
    noWorkOrders: 'Bạn chưa có phiếu công việc nào. Hãy cho tôi biết cần sửa gì, tôi sẽ mở một phiếu.',
    statusIntro: 'Đây là tình trạng các yêu cầu của bạn:',
    citedAnswer: (name, section, page, quote) =>
      `Đây là nội dung trong tài liệu của hiệp hội chủ nhà — "${name}", ${section ? `${section.replace(/^Section/, 'Mục')}, ` : ''}trang ${page}:\n"${quote}"\nĐây là trích dẫn nguyên văn (bằng ngôn ngữ của tài liệu); người quản lý của bạn có thể xác nhận điều này áp dụng cho bạn như thế nào.`,
    documentNotFound: (manager) =>
      `Tôi không tìm thấy câu trả lời trong tài liệu của hiệp hội chủ nhà, nên tôi đã nhờ ${manager ?? 'người quản lý của bạn'} trả lời bạn.`,
    modelUnavailable: 'Mô hình AI của chúng tôi hiện không phản hồi, nên trợ lý có sẵn đang hỗ trợ bạn.',
    greeting: (name) =>
      `Xin chào ${name}! Tôi có thể mở yêu cầu bảo trì, cho bạn biết tình trạng các yêu cầu, trả lời câu hỏi dựa trên tài liệu của hiệp hội chủ nhà, hoặc mời một nhân viên hỗ trợ. Tôi có thể giúp gì cho bạn?`,
    acknowledgement: 'Không có gì! Tôi luôn ở đây khi bạn cần thêm điều gì.',
    complaintFiled: (ref, manager) =>
      `Cảm ơn bạn đã báo cho chúng tôi. Tôi đã chuyển phản ánh của bạn đến ${manager ?? 'người quản lý của bạn'} với mã ${ref}; họ sẽ xem xét và phản hồi bạn trong phòng trao đổi của phản ánh này.`,
    cancelled: (ref, summary) => `Xong — tôi đã hủy phiếu công việc ${ref} ("${summary}").`,
    cancelWhich:
      'Tôi nên hủy yêu cầu nào? Hãy cho tôi biết số của yêu cầu (ví dụ #1a2b3c4d) hoặc yêu cầu đó về việc gì.',
    cancelNothingOpen: 'Bạn không có yêu cầu nào đang mở để hủy.',
    cancelAskedManager: (ref, manager) =>
      `Công việc cho ${ref} đã bắt đầu, nên tôi đã nhờ ${manager ?? 'người quản lý của bạn'} cùng bạn hủy hoặc thay đổi yêu cầu này trong phòng trao đổi của phiếu.`,
    handedOver: (topic, manager) =>
      `${
        {
          billing: 'Các câu hỏi về phí hiệp hội, số dư và thanh toán',
          lease: 'Các câu hỏi về cho thuê, bán nhà hoặc chuyển nhà',
          amenity: 'Các câu hỏi về tiện ích chung và đặt chỗ',
          other: 'Những câu hỏi như thế này',
        }[topic]
      } sẽ do ${manager ?? 'người quản lý của bạn'} trả lời: tôi đã chuyển câu hỏi của bạn, và họ sẽ trả lời trong phòng trao đổi.`,
    unclearUrgent: (manager) =>
      `Nếu có ai đang gặp nguy hiểm, hãy gọi 911 ngay. Tôi đã báo cho ${manager ?? 'người quản lý của bạn'} để liên hệ với bạn ngay lập tức.`,
    emptyMessage: 'Tôi không nhận được nội dung nào. Tôi có thể giúp gì cho bạn?',
  },
};
